import { eq } from 'drizzle-orm';
import type { Viewer } from '../../../auth/viewer';
import { videos } from '../../../db/schema';
import { isAdmin } from '../../../domain/users/roles';
import type { Deps } from '../../../platform/deps';

/** The storage side of a film, for the media routes only (never sent to a browser). */
export interface FilmAssets {
  id: string;
  contributorId: string;
  reviewStatus: 'draft' | 'pending' | 'approved' | 'rejected';
  videoKey: string | null;
  videoType: string | null;
  posterKey: string | null;
}

export function getFilmAssets({ db, cache }: Pick<Deps, 'db' | 'cache'>, id: string): Promise<FilmAssets | null> {
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
