import { sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { searchQuery } from '../../domain/catalogue/input';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import {
  DESCRIPTION_CANDIDATES,
  highlightTitle,
  normaliseQuery,
  SEARCH_PAGE_SIZE,
  type SearchResult,
  searchTerms,
  snippetOf,
  toMatchExpression,
  toNamedExpression,
  WEIGHTS,
} from './internal/search-query';
import { posterUrl, storedPosterKey } from './lib/cards';

export type { Highlighted, SearchHit, SearchResult } from './internal/search-query';

/**
 * Catalogue search: SQLite FTS5 over title, description, category and creators' names (the
 * videos_fts table, kept in sync by triggers — migrations/0005_search_fts.sql and 0009_search_team.sql). Films found
 * in their title, category or creators come first, ranked by bm25; films found with their description's help
 * follow, a bounded set of the newest ranked by bm25, then the rest newest first (docs/performance.md, "Search
 * ranks a bounded candidate set").
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
  const named = toNamedExpression(query);
  if (!match || !named) return { query, hits: [], page: p, hasMore: false };
  // Films the query finds with a description's help (some word only there).
  const described = `(${match}) NOT (${named})`;
  const offset = (p - 1) * SEARCH_PAGE_SIZE;
  const upTo = offset + SEARCH_PAGE_SIZE + 1;
  // Three tiers, read in order until the page is full (docs/performance.md, "Search ranks a bounded
  // candidate set"): 0, films found in their title, category or creators, by bm25; 1, the newest
  // DESCRIPTION_CANDIDATES films found with a description's help, by bm25; 2, the older ones, newest
  // first, unscored. FTS5 reads tiers 1 and 2 in rowid order and stops at their LIMIT. Each arm keeps
  // its own ORDER BY and LIMIT, so the UNION ALL's OFFSET skips rows in that order, and SQLite runs
  // no further arm once the page is full. The page's films are then read by key. The matched words
  // are marked here from the query's words (highlightTitle, snippetOf) rather than by FTS5's
  // highlight() and snippet(), which need a second pass over every match.
  const rows = await db.all<Row>(sql`
    WITH page AS (
      SELECT * FROM (
        SELECT rowid AS key, 0 AS tier, bm25(videos_fts, ${WEIGHTS}) AS score
        FROM videos_fts WHERE videos_fts MATCH ${named}
        ORDER BY score, rowid LIMIT ${upTo}
      )
      UNION ALL SELECT * FROM (
        SELECT key, 1 AS tier, score FROM (
          SELECT rowid AS key, bm25(videos_fts, ${WEIGHTS}) AS score
          FROM videos_fts WHERE videos_fts MATCH ${described}
          ORDER BY rowid DESC LIMIT ${DESCRIPTION_CANDIDATES}
        )
        ORDER BY score, key LIMIT ${upTo}
      )
      UNION ALL SELECT * FROM (
        SELECT rowid AS key, 2 AS tier, -rowid AS score
        FROM videos_fts WHERE videos_fts MATCH ${described}
        ORDER BY rowid DESC LIMIT ${upTo} OFFSET ${DESCRIPTION_CANDIDATES}
      )
      LIMIT ${SEARCH_PAGE_SIZE + 1} OFFSET ${offset}
    )
    SELECT v.id, v.title, v.description, v.year, ${storedPosterKey(sql`v.poster_key`)} AS poster_key, v.poster_width, v.poster_height, v.updated_at,
      c.name AS category_name, pr.username AS creator_name
    FROM page
    CROSS JOIN video_search_keys k ON k.key = page.key
    JOIN videos v ON v.id = k.video_id
    LEFT JOIN categories c ON c.id = v.category_id
    LEFT JOIN profiles pr ON pr.user_id = v.contributor_id
    WHERE v.review_status = 'approved'
    ORDER BY page.tier, page.score, page.key
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
