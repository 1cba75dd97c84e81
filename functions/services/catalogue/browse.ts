import { and, asc, count, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { categories, videos } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { approved, cardsQuery, type FilmCard, newestFirst, toCard } from './lib/cards';

const BROWSE_PAGE_SIZE = 24;

export interface CategoryCount {
  id: string;
  name: string;
  count: number;
}

/** Every category with its number of approved films, in the catalogue's order. */
export function categoriesWithCounts(
  { db, cache }: Pick<Deps, 'db' | 'cache'>,
  actor: Actor,
): Promise<CategoryCount[]> {
  authorize(actor, 'catalogue.read');
  return cache.read('categories', () =>
    db
      .select({ id: categories.id, name: categories.name, count: count(videos.id) })
      .from(categories)
      .leftJoin(videos, and(eq(videos.categoryId, categories.id), approved))
      .groupBy(categories.id)
      .orderBy(asc(categories.position), asc(categories.name)),
  );
}

export interface CategoryPage {
  films: FilmCard[];
  page: number;
  hasMore: boolean;
}

/** One page of a category's films, newest first with the id as tie-break, so pages never overlap. */
export function filmsInCategory(
  deps: Pick<Deps, 'db' | 'cache'>,
  actor: Actor,
  categoryId: string,
  page: number,
): Promise<CategoryPage> {
  authorize(actor, 'catalogue.read');
  const p = Math.max(1, Math.floor(page) || 1);
  return deps.cache.read(`category:${categoryId}:${p}`, async () => {
    const rows = await cardsQuery(deps.db)
      .where(and(approved, eq(videos.categoryId, categoryId)))
      .orderBy(...newestFirst)
      .limit(BROWSE_PAGE_SIZE + 1)
      .offset((p - 1) * BROWSE_PAGE_SIZE);
    return { films: rows.slice(0, BROWSE_PAGE_SIZE).map(toCard), page: p, hasMore: rows.length > BROWSE_PAGE_SIZE };
  });
}
