import { and, eq } from 'drizzle-orm';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { categories, profiles, videos } from '../../db/schema';
import { isAdmin } from '../../lib/roles';
import type { Services } from '../../platform/services';
import { approved, cardsQuery, type FilmCard, newestFirst, posterUrl, toCard } from './cards';

/** A film's page: the card plus what the page and the player show. */
export interface FilmDetail extends FilmCard {
  description: string;
  reviewStatus: 'draft' | 'pending' | 'approved' | 'rejected';
  hasVideo: boolean;
  videoType: string | null;
  hasCaptions: boolean;
  creatorAvatarUrl: string | null;
  publishedAt: number | null;
}

/** The storage side of a film, for the media routes only (never sent to a browser). */
export interface FilmAssets {
  id: string;
  contributorId: string;
  reviewStatus: FilmDetail['reviewStatus'];
  videoKey: string | null;
  videoType: string | null;
  posterKey: string | null;
  captionsKey: string | null;
}

async function loadDetail(db: Db, id: string): Promise<FilmDetail | null> {
  const row = await db
    .select({
      id: videos.id,
      title: videos.title,
      description: videos.description,
      year: videos.year,
      runtimeSeconds: videos.runtimeSeconds,
      categoryId: videos.categoryId,
      categoryName: categories.name,
      posterKey: videos.posterKey,
      posterWidth: videos.posterWidth,
      posterHeight: videos.posterHeight,
      videoKey: videos.videoKey,
      videoType: videos.videoType,
      captionsKey: videos.captionsKey,
      reviewStatus: videos.reviewStatus,
      publishedAt: videos.publishedAt,
      updatedAt: videos.updatedAt,
      creatorId: videos.contributorId,
      creatorName: profiles.username,
      creatorAvatarUrl: profiles.avatarUrl,
    })
    .from(videos)
    .leftJoin(categories, eq(categories.id, videos.categoryId))
    .leftJoin(profiles, eq(profiles.userId, videos.contributorId))
    .where(eq(videos.id, id))
    .get();
  if (!row) return null;
  const { posterKey, videoKey, captionsKey, updatedAt, publishedAt, ...rest } = row;
  return {
    ...rest,
    posterUrl: posterUrl(row.id, posterKey, updatedAt),
    hasVideo: Boolean(videoKey),
    hasCaptions: Boolean(captionsKey),
    publishedAt: publishedAt ? publishedAt.getTime() : null,
  };
}

/** A film by id, whatever its review status (callers decide who may see it: `canSee`). Misses are not cached. */
export function getFilm({ db, cache }: Pick<Services, 'db' | 'cache'>, id: string): Promise<FilmDetail | null> {
  return cache.read(`film:${id}`, () => loadDetail(db, id), { keep: Boolean });
}

export function getFilmAssets({ db, cache }: Pick<Services, 'db' | 'cache'>, id: string): Promise<FilmAssets | null> {
  return cache.read(
    `assets:${id}`,
    async () =>
      (await db
        .select({
          id: videos.id,
          contributorId: videos.contributorId,
          reviewStatus: videos.reviewStatus,
          videoKey: videos.videoKey,
          videoType: videos.videoType,
          posterKey: videos.posterKey,
          captionsKey: videos.captionsKey,
        })
        .from(videos)
        .where(eq(videos.id, id))
        .get()) ?? null,
    { keep: Boolean },
  );
}

/** Approved films are public; any other film only to its owner and to admins (everyone else gets 404). */
export function canSee(
  film: { reviewStatus: string; contributorId?: string; creatorId?: string },
  viewer: Viewer | null,
) {
  if (film.reviewStatus === 'approved') return true;
  if (!viewer) return false;
  return (film.contributorId ?? film.creatorId) === viewer.userId || isAdmin(viewer.roles);
}

/** Watching needs a signed-in viewer who may see the film. */
export const canWatch = (film: Parameters<typeof canSee>[0], viewer: Viewer | null): viewer is Viewer =>
  viewer !== null && canSee(film, viewer);

/**
 * A profile edit through the app bumps the version (accounts/update-profile); creator pages are still
 * kept briefly, as a profile may also change outside the app's verbs.
 */
const CREATOR_TTL_S = 300;

/** A creator's public page: the profile and their approved films. */
export function getCreator({ db, cache }: Pick<Services, 'db' | 'cache'>, creatorId: string) {
  return cache.read(
    `creator:${creatorId}`,
    async () => {
      const profile = await db
        .select({ userId: profiles.userId, username: profiles.username, avatarUrl: profiles.avatarUrl })
        .from(profiles)
        .where(eq(profiles.userId, creatorId))
        .get();
      if (!profile) return null;
      const films = (
        await cardsQuery(db)
          .where(and(approved, eq(videos.contributorId, creatorId)))
          .orderBy(...newestFirst)
      ).map(toCard);
      return { ...profile, films };
    },
    { keep: Boolean, ttl: CREATOR_TTL_S },
  );
}
