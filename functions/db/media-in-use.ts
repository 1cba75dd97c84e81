import { and, eq, ne, or } from 'drizzle-orm';
import type { Db } from './client';
import { projects, videos } from './schema';

/**
 * Whether a film or a project shows or waits to show the stored file `key` (a film's video, poster or
 * poster waiting for review; a project's poster or its waiting one), leaving out the film or project
 * named in `except`. An upload is attached to one of them at most (docs/catalogue.md, "Posters"), and
 * a replaced file leaves storage only once nothing here points at it (the `media-delete` follow-up).
 */
export async function mediaInUse(
  db: Db,
  key: string,
  except: { filmId?: string | null; projectId?: string | null } = {},
): Promise<boolean> {
  const [film, project] = await Promise.all([
    db
      .select({ id: videos.id })
      .from(videos)
      .where(
        and(
          or(eq(videos.videoKey, key), eq(videos.posterKey, key), eq(videos.pendingPosterKey, key)),
          except.filmId ? ne(videos.id, except.filmId) : undefined,
        ),
      )
      .get(),
    db
      .select({ id: projects.id })
      .from(projects)
      .where(
        and(
          or(eq(projects.posterKey, key), eq(projects.pendingPosterKey, key)),
          except.projectId ? ne(projects.id, except.projectId) : undefined,
        ),
      )
      .get(),
  ]);
  return Boolean(film || project);
}
