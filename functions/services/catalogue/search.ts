import { sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { searchQuery } from '../../domain/catalogue/input';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import {
  highlightTitle,
  normaliseQuery,
  SEARCH_PAGE_SIZE,
  type SearchResult,
  searchTerms,
  snippetOf,
  toMatchExpression,
  WEIGHTS,
} from './internal/search-query';
import { posterUrl } from './lib/cards';

export type { Highlighted, SearchHit, SearchResult } from './internal/search-query';

/**
 * Catalogue search: SQLite FTS5 over title, description, category and creators' names (the
 * videos_fts table, kept in sync by triggers — migrations/0005_search_fts.sql and 0009_search_team.sql), ranked by bm25
 * with a title hit weighing far more than a description hit.
 */
interface Row {
  id: string;
  title: string;
  description: string;
  year: number | null;
  category_name: string | null;
  creator_name: string | null;
  poster_key: string | null;
  poster_width: number | null;
  poster_height: number | null;
  updated_at: number;
}

/** One page of ranked results for the user's text; an empty query returns nothing without a database call. */
export async function searchFilms(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  rawQuery: string | null | undefined,
  page = 1,
): Promise<SearchResult> {
  authorize(actor, 'catalogue.read');
  ({ q: rawQuery, page = 1 } = parseInput(searchQuery, { q: rawQuery ?? undefined, page }));
  const query = normaliseQuery(rawQuery);
  const p = Math.max(1, Math.floor(page) || 1);
  const match = toMatchExpression(query);
  if (!match) return { query, hits: [], page: p, hasMore: false };
  // One pass over the index: bm25 for every match, a bounded sort for one page; then the page's
  // films by key. The matched words are marked here from the query's words (highlightTitle,
  // snippetOf) rather than by FTS5's highlight() and snippet(): those need the MATCH cursor on each
  // row, that is a second pass over every match, whose cost grows with the catalogue and with the
  // index's segments (docs/performance.md, "Search").
  const rows = await db.all<Row>(sql`
    WITH page AS (
      SELECT rowid AS key, bm25(videos_fts, ${WEIGHTS}) AS score
      FROM videos_fts WHERE videos_fts MATCH ${match}
      ORDER BY score, rowid
      LIMIT ${SEARCH_PAGE_SIZE + 1} OFFSET ${(p - 1) * SEARCH_PAGE_SIZE}
    )
    SELECT v.id, v.title, v.description, v.year, v.poster_key, v.poster_width, v.poster_height, v.updated_at,
      c.name AS category_name, pr.username AS creator_name
    FROM page
    CROSS JOIN video_search_keys k ON k.key = page.key
    JOIN videos v ON v.id = k.video_id
    LEFT JOIN categories c ON c.id = v.category_id
    LEFT JOIN profiles pr ON pr.user_id = v.contributor_id
    WHERE v.review_status = 'approved'
    ORDER BY page.score, page.key
  `);
  const terms = searchTerms(query);
  const hits = rows.slice(0, SEARCH_PAGE_SIZE).map((r) => ({
    id: r.id,
    title: r.title,
    titleHighlighted: highlightTitle(r.title, terms),
    descriptionHighlighted: snippetOf(r.description ?? '', terms),
    year: r.year,
    categoryName: r.category_name,
    creatorName: r.creator_name,
    posterUrl: posterUrl(r.id, r.poster_key, new Date(r.updated_at)),
    posterWidth: r.poster_width,
    posterHeight: r.poster_height,
  }));
  return { query, hits, page: p, hasMore: rows.length > SEARCH_PAGE_SIZE };
}
