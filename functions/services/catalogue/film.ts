import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { categories, profiles, videos } from '../../db/schema';
import { isAdmin } from '../../domain/users/roles';
import type { Deps } from '../../platform/deps';
import { type CaptionView, captionsOf } from '../films';
import {
  approved,
  cardsQuery,
  creatorPageKey,
  type FilmCard,
  newestFirst,
  posterUrl,
  storedPosterKey,
  toCard,
} from './lib/cards';
import { canSee } from './lib/film-access';

/** A film's page: the card plus what the page and the player show. */
export interface FilmDetail extends FilmCard {
  description: string;
  reviewStatus: 'draft' | 'pending' | 'approved' | 'rejected';
  hasVideo: boolean;
  videoType: string | null;
  /** The caption tracks, for the player's <track> elements. */
  captions: CaptionView[];
  creatorAvatarUrl: string | null;
  publishedAt: number | null;
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
      posterKey: storedPosterKey(),
      posterWidth: videos.posterWidth,
      posterHeight: videos.posterHeight,
      videoKey: videos.videoKey,
      videoType: videos.videoType,
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
  const { posterKey, videoKey, updatedAt, publishedAt, ...rest } = row;
  return {
    ...rest,
    posterUrl: posterUrl(row.id, posterKey, updatedAt),
    hasVideo: Boolean(videoKey),
    captions: (await captionsOf(db, [row.id])).get(row.id) ?? [],
    publishedAt: publishedAt ? publishedAt.getTime() : null,
  };
}

/** A film by id as this actor may see it (approved films to anyone, others to their owner and admins); misses are not cached. */
export async function getFilm(
  { db, cache }: Pick<Deps, 'db' | 'cache'>,
  actor: Actor,
  id: string,
): Promise<FilmDetail | null> {
  const viewer = authorize(actor, 'catalogue.read');
  const film = await cache.read(`film:${id}`, () => loadDetail(db, id), { keep: Boolean });
  return film && canSee(film, viewer) ? film : null;
}

/**
 * A profile edit through the app bumps the version when the person has films, else drops their page's
 * entry (accounts/update-profile, accounts/avatar); creator pages are still kept briefly, as a profile
 * may also change outside the app's verbs.
 */
const CREATOR_TTL_S = 300;

/**
 * A creator's public page: the profile and their approved films. A profile an admin hid after reports
 * (docs/reports.md) is null to everyone but its owner and admins, as an unknown one is.
 */
export async function getCreator({ db, cache }: Pick<Deps, 'db' | 'cache'>, actor: Actor, creatorId: string) {
  const viewer = authorize(actor, 'catalogue.read');
  const creator = await cache.read(
    creatorPageKey(creatorId),
    async () => {
      const profile = await db
        .select({
          userId: profiles.userId,
          username: profiles.username,
          avatarUrl: profiles.avatarUrl,
          hiddenAt: profiles.hiddenAt,
        })
        .from(profiles)
        .where(eq(profiles.userId, creatorId))
        .get();
      if (!profile) return null;
      const films = (
        await cardsQuery(db)
          .where(and(approved, eq(videos.contributorId, creatorId)))
          .orderBy(...newestFirst)
      ).map(toCard);
      return { ...profile, hiddenAt: profile.hiddenAt?.getTime() ?? null, films };
    },
    { keep: Boolean, ttl: CREATOR_TTL_S },
  );
  if (!creator?.hiddenAt) return creator;
  return viewer && (viewer.userId === creator.userId || isAdmin(viewer.roles)) ? creator : null;
}
