import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { categories, profiles, videos } from '../../../db/schema';

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

export const cardColumns = {
  id: videos.id,
  title: videos.title,
  year: videos.year,
  runtimeSeconds: videos.runtimeSeconds,
  categoryId: videos.categoryId,
  categoryName: categories.name,
  posterKey: videos.posterKey,
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
