import { and, desc, eq, isNull, type SQL, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { marketplaceListings } from '../../db/schema';
import { parseInput } from '../../domain/input';
import { type BrowseListingsInput, browseListingsInput } from '../../domain/marketplace/input';
import { LISTING_PAGE_SIZE, listingMatch } from '../../domain/marketplace/listing';
import type { Deps } from '../../platform/deps';
import { type ListingCard, selectListings, toCards } from './internal/cards';

/**
 * The listings matching an FTS5 expression with their bm25 score (lower is better), weighted title
 * 10, role 4, description 1: a title hit over a role hit over a description hit. FTS5's MATCH and
 * bm25 have no drizzle form; marketplace_listings_fts and its keys are migration 0020's.
 */
const hits = (match: string) => sql`(
  SELECT k.listing_id AS listing_id, f.score AS score
  FROM (SELECT rowid AS key, bm25(marketplace_listings_fts, 10.0, 4.0, 1.0) AS score
        FROM marketplace_listings_fts WHERE marketplace_listings_fts MATCH ${match}) f
  CROSS JOIN marketplace_listing_search_keys k ON k.key = f.key
) hits`;

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
  const l = marketplaceListings;
  // A listing an admin hid after reports is out of the list for everyone (docs/reports.md).
  const filters: SQL[] = [eq(l.status, 'open'), isNull(l.hiddenAt)];
  if (role) filters.push(eq(l.role, role));
  if (kind) filters.push(eq(l.kind, kind));
  if (pay) filters.push(eq(l.pay, pay));
  const limit = LISTING_PAGE_SIZE + 1;
  const offset = (page - 1) * LISTING_PAGE_SIZE;
  const match = listingMatch(q);
  if (q?.trim() && !match) return { listings: [], page, hasMore: false };
  const query = selectListings(db);
  const rows = match
    ? await query
        .innerJoin(hits(match), sql`hits.listing_id = ${l.id}`)
        .where(and(...filters))
        .orderBy(sql`hits.score`, desc(l.createdAt), l.id)
        .limit(limit)
        .offset(offset)
    : await query
        .where(and(...filters))
        .orderBy(desc(l.createdAt), l.id)
        .limit(limit)
        .offset(offset);
  return {
    listings: await toCards(db, rows.slice(0, LISTING_PAGE_SIZE)),
    page,
    hasMore: rows.length > LISTING_PAGE_SIZE,
  };
}
