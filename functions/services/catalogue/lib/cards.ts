import { type AnyColumn, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { categories, profiles, uploads, videos } from '../../../db/schema';

/** What a film card needs: enough to draw it without layout shift and link it. Public data only. */
export interface FilmCard {
  id: string;
  title: string;
  year: number | null;
  runtimeSeconds: number | null;
  categoryId: string | null;
  categoryName: string | null;
  posterUrl: string | null;
  posterWidth: number | null;
  posterHeight: number | null;
  creatorId: string;
  creatorName: string | null;
}

/** The public poster address; the film's update time busts browser caches when the poster changes. */
export const posterUrl = (id: string, posterKey: string | null, updatedAt: Date) =>
  posterKey ? `/api/media/posters/${id}?v=${updatedAt.getTime().toString(36)}` : null;

/**
 * A film's poster key only once its file is stored: the key of a completed upload. A key whose upload
 * was started and never finished (or was cancelled) names no file, and an address made from it would be
 * a broken image, so every query that makes a poster address selects this instead of `poster_key`
 * (docs/catalogue.md). `key` is the poster column, `videos.posterKey` or a raw alias's `v.poster_key`.
 */
export const storedPosterKey = (key: AnyColumn | SQL = videos.posterKey) =>
  sql<
    string | null
  >`(SELECT ${uploads.r2Key} FROM ${uploads} WHERE ${uploads.r2Key} = ${key} AND ${uploads.status} = 'completed')`;

export const cardColumns = {
  id: videos.id,
  title: videos.title,
  year: videos.year,
  runtimeSeconds: videos.runtimeSeconds,
  categoryId: videos.categoryId,
  categoryName: categories.name,
  posterKey: storedPosterKey(),
  posterWidth: videos.posterWidth,
  posterHeight: videos.posterHeight,
  updatedAt: videos.updatedAt,
  creatorId: videos.contributorId,
  creatorName: profiles.username,
};

/** Films as card rows (add `where`, order and limit); join more with the dynamic builder. */
export function cardsQuery(db: Db) {
  return db
    .select(cardColumns)
    .from(videos)
    .leftJoin(categories, eq(categories.id, videos.categoryId))
    .leftJoin(profiles, eq(profiles.userId, videos.contributorId))
    .$dynamic();
}

type CardRow = Awaited<ReturnType<typeof cardsQuery>>[number];

export function toCard(row: CardRow): FilmCard {
  const { posterKey, updatedAt, ...rest } = row;
  return { ...rest, posterUrl: posterUrl(row.id, posterKey, updatedAt) };
}

/** Only approved films are in the catalogue. */
export const approved = eq(videos.reviewStatus, 'approved');

/** The newest-first order every list uses, with the id as a tie-break so pages are stable. */
export const newestFirst = [desc(videos.publishedAt), desc(videos.createdAt), desc(videos.id)];

/** The catalogue cache's key of a creator's public page (services/catalogue/film.ts reads it). */
export const creatorPageKey = (creatorId: string) => `creator:${creatorId}`;
