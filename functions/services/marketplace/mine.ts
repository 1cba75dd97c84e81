import { sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Deps } from '../../platform/deps';
import { LISTING_COLUMNS, LISTING_JOINS, type ListingCard, type ListingRow, toCards } from './internal/cards';
import { ownCampaigns } from './internal/load';

/**
 * The signed-in person's own listings, open and closed, newest first, and the campaigns they may
 * name on one (those of their films). The "Mine" section of /marketplace.
 */
export async function myListings(
  deps: Pick<Deps, 'db'>,
  actor: Actor,
): Promise<{ listings: ListingCard[]; campaigns: { id: string; title: string }[] }> {
  const viewer = authorize(actor, 'listing.read-own');
  const rows = await deps.db.all<ListingRow>(
    sql`SELECT ${LISTING_COLUMNS} FROM marketplace_listings l ${LISTING_JOINS}
        WHERE l.author_id = ${viewer.userId} ORDER BY l.created_at DESC, l.id LIMIT 200`,
  );
  return { listings: await toCards(deps.db, rows), campaigns: await ownCampaigns(deps, viewer.userId) };
}

/** A person's open listings, newest first, for their profile (/creator/{id}). */
export async function openListingsOf(deps: Pick<Deps, 'db'>, actor: Actor, userId: string): Promise<ListingCard[]> {
  authorize(actor, 'listing.browse-public');
  const rows = await deps.db.all<ListingRow>(
    sql`SELECT ${LISTING_COLUMNS} FROM marketplace_listings l ${LISTING_JOINS}
        WHERE l.author_id = ${userId} AND l.status = 'open' ORDER BY l.created_at DESC, l.id LIMIT 50`,
  );
  return toCards(deps.db, rows);
}
