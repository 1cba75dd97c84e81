import { sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { searchQuery } from '../../domain/catalogue/input';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import {
  normaliseQuery,
  parseHighlight,
  SEARCH_PAGE_SIZE,
  type SearchResult,
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
  title_hl: string;
  description_hl: string;
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
  authorize(actor, 'public');
  ({ q: rawQuery, page = 1 } = parseInput(searchQuery, { q: rawQuery ?? undefined, page }));
  const query = normaliseQuery(rawQuery);
  const p = Math.max(1, Math.floor(page) || 1);
  const match = toMatchExpression(query);
  if (!match) return { query, hits: [], page: p, hasMore: false };
  // Rank first over the index alone (only approved films are indexed): bm25 for every match, a
  // bounded sort for one page. Then one more pass over the matches marks the page's rows for
  // highlight() and snippet(), which need the MATCH cursor on the row: the CROSS JOINs keep that
  // scan outermost and probe the page (a small in-memory index) before anything else is joined.
  // Probing the index by rowid per page row instead starts a full-text query per row (its cost
  // grows with the index), and joining the films before the page probe reads a film per match.
  const rows = await db.all<Row>(sql`
    WITH page AS (
      SELECT rowid AS key, bm25(videos_fts, ${WEIGHTS}) AS score
      FROM videos_fts WHERE videos_fts MATCH ${match}
      ORDER BY score, rowid
      LIMIT ${SEARCH_PAGE_SIZE + 1} OFFSET ${(p - 1) * SEARCH_PAGE_SIZE}
    )
    SELECT v.id, v.title, v.year, v.poster_key, v.poster_width, v.poster_height, v.updated_at,
      highlight(videos_fts, 0, char(1), char(2)) AS title_hl,
      snippet(videos_fts, 1, char(1), char(2), '…', 24) AS description_hl,
      c.name AS category_name, pr.username AS creator_name
    FROM videos_fts
    CROSS JOIN page ON page.key = videos_fts.rowid
    CROSS JOIN video_search_keys k ON k.key = page.key
    JOIN videos v ON v.id = k.video_id
    LEFT JOIN categories c ON c.id = v.category_id
    LEFT JOIN profiles pr ON pr.user_id = v.contributor_id
    WHERE videos_fts MATCH ${match} AND v.review_status = 'approved'
    ORDER BY page.score, page.key
  `);
  const hits = rows.slice(0, SEARCH_PAGE_SIZE).map((r) => ({
    id: r.id,
    title: r.title,
    titleHighlighted: parseHighlight(r.title_hl),
    descriptionHighlighted: parseHighlight(r.description_hl ?? ''),
    year: r.year,
    categoryName: r.category_name,
    creatorName: r.creator_name,
    posterUrl: posterUrl(r.id, r.poster_key, new Date(r.updated_at)),
    posterWidth: r.poster_width,
    posterHeight: r.poster_height,
  }));
  return { query, hits, page: p, hasMore: rows.length > SEARCH_PAGE_SIZE };
}
