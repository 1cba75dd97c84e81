import { and, eq, type SQL } from 'drizzle-orm';
import type { Scope, Scoped } from '../../../auth/authorize';
import type { Db } from '../../../db/client';
import { categories, profiles, videos } from '../../../db/schema';
import { notFound } from '../../../domain/errors';
import { TEXT } from '../../../domain/texts';
import { type CaptionView, captionsOf } from '../lib/caption-tracks';

export type FilmRow = typeof videos.$inferSelect;

/** The films an `owner-or-admin` scope reads: the viewer's own; every film for an admin. */
export function filmScope(scope: Scope<'owner-or-admin'>): SQL | undefined {
  return scope.everything ? undefined : eq(videos.contributorId, scope.userId);
}

/** A film read inside the viewer's scope: anyone else gets the same 404 as a wrong id. */
export async function loadManageableFilm(db: Db, viewer: Scoped<'owner-or-admin'>, id: string): Promise<FilmRow> {
  const row = await db
    .select()
    .from(videos)
    .where(and(eq(videos.id, id), filmScope(viewer.scope)))
    .get();
  if (!row) throw notFound(TEXT.videoNotFound);
  return row;
}

const viewColumns = {
  film: videos,
  categoryName: categories.name,
  ownerUsername: profiles.username,
};

/** The film with its category name and owner's username, for the studio's screens. */
export function selectFilmViews(db: Db) {
  return db
    .select(viewColumns)
    .from(videos)
    .leftJoin(categories, eq(categories.id, videos.categoryId))
    .leftJoin(profiles, eq(profiles.userId, videos.contributorId));
}

type ViewRow = { film: FilmRow; categoryName: string | null; ownerUsername: string | null };

/** What the owner's and the admins' screens show of a film; media through the studio's preview routes. */
export function filmView({ film, categoryName, ownerUsername }: ViewRow, captions: CaptionView[] = []) {
  const v = film.updatedAt.getTime();
  return {
    id: film.id,
    title: film.title,
    description: film.description,
    categoryId: film.categoryId,
    categoryName,
    year: film.year,
    runtimeSeconds: film.runtimeSeconds,
    reviewStatus: film.reviewStatus,
    reviewReason: film.reviewReason,
    reviewedAt: film.reviewedAt,
    publishedAt: film.publishedAt,
    createdAt: film.createdAt,
    updatedAt: film.updatedAt,
    owner: { id: film.contributorId, username: ownerUsername },
    video: film.videoKey
      ? { url: `/api/studio/films/${film.id}/video?v=${v}`, type: film.videoType, bytes: film.videoBytes }
      : null,
    poster: film.posterKey
      ? { url: `/api/studio/films/${film.id}/poster?v=${v}`, width: film.posterWidth, height: film.posterHeight }
      : null,
    /** A new poster of an approved film awaiting review (the public one stays `poster` until then). */
    pendingPoster: film.pendingPosterKey
      ? {
          url: `/api/studio/films/${film.id}/poster?pending=1&v=${v}`,
          width: film.pendingPosterWidth,
          height: film.pendingPosterHeight,
        }
      : null,
    // The player's own captions route serves them to the owner and admins before approval too.
    captions,
  };
}

export type FilmView = ReturnType<typeof filmView>;

export async function loadFilmView(db: Db, id: string): Promise<FilmView> {
  const row = await selectFilmViews(db).where(eq(videos.id, id)).get();
  if (!row) throw notFound(TEXT.videoNotFound);
  return filmView(row, (await captionsOf(db, [id])).get(id));
}

/** Film views of these rows, each with its caption tracks. */
export async function filmViews<R extends ViewRow>(db: Db, rows: R[]) {
  const captions = await captionsOf(
    db,
    rows.map((r) => r.film.id),
  );
  return rows.map((r) => ({ row: r, view: filmView(r, captions.get(r.film.id)) }));
}
