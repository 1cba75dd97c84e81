import { type SQL, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { parseInput } from '../../domain/input';
import { type BrowseListingsInput, browseListingsInput } from '../../domain/marketplace/input';
import { LISTING_PAGE_SIZE, listingMatch } from '../../domain/marketplace/listing';
import type { Deps } from '../../platform/deps';
import { LISTING_COLUMNS, LISTING_JOINS, type ListingCard, type ListingRow, toCards } from './internal/cards';

/** bm25 weights of marketplace_listings_fts's columns: a title hit over a role hit over a description hit. */
const WEIGHTS = sql.raw('10.0, 4.0, 1.0');

/**
 * The open listings, newest first, or — with words to search — ranked by FTS5's bm25 over title,
 * role and description (marketplace_listings_fts, migration 0020); filtered by role, offering or
 * seeking, and pay. docs/marketplace.md.
 */
export async function browseListings(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  input: BrowseListingsInput,
): Promise<{ listings: ListingCard[]; page: number; hasMore: boolean }> {
  authorize(actor, 'listing.browse');
  const { q, role, kind, pay, page = 1 } = parseInput(browseListingsInput, input);
  const filters: SQL[] = [sql`l.status = 'open'`];
  if (role) filters.push(sql`l.role = ${role}`);
  if (kind) filters.push(sql`l.kind = ${kind}`);
  if (pay) filters.push(sql`l.pay = ${pay}`);
  const where = sql.join(filters, sql` AND `);
  const limit = LISTING_PAGE_SIZE + 1;
  const offset = (page - 1) * LISTING_PAGE_SIZE;
  const match = listingMatch(q);
  if (q?.trim() && !match) return { listings: [], page, hasMore: false };
  const rows = match
    ? await db.all<ListingRow>(sql`
        WITH hits AS (
          SELECT rowid AS key, bm25(marketplace_listings_fts, ${WEIGHTS}) AS score
          FROM marketplace_listings_fts WHERE marketplace_listings_fts MATCH ${match}
        )
        SELECT ${LISTING_COLUMNS}
        FROM hits
        CROSS JOIN marketplace_listing_search_keys k ON k.key = hits.key
        JOIN marketplace_listings l ON l.id = k.listing_id
        ${LISTING_JOINS}
        WHERE ${where}
        ORDER BY hits.score, l.created_at DESC, l.id
        LIMIT ${limit} OFFSET ${offset}`)
    : await db.all<ListingRow>(sql`
        SELECT ${LISTING_COLUMNS}
        FROM marketplace_listings l
        ${LISTING_JOINS}
        WHERE ${where}
        ORDER BY l.created_at DESC, l.id
        LIMIT ${limit} OFFSET ${offset}`);
  return {
    listings: await toCards(db, rows.slice(0, LISTING_PAGE_SIZE)),
    page,
    hasMore: rows.length > LISTING_PAGE_SIZE,
  };
}
