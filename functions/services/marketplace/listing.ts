import { sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { notFound } from '../../domain/errors';
import { MARKETPLACE_TEXT } from '../../domain/marketplace/texts';
import type { Deps } from '../../platform/deps';
import { LISTING_COLUMNS, LISTING_JOINS, type ListingCard, type ListingRow, toCards } from './internal/cards';

/** One listing, open or closed (its page says which); an unknown id is 404. */
export async function getListing(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  id: string,
): Promise<ListingCard & { mine: boolean }> {
  const viewer = authorize(actor, 'listing.read');
  const rows = await db.all<ListingRow>(
    sql`SELECT ${LISTING_COLUMNS} FROM marketplace_listings l ${LISTING_JOINS} WHERE l.id = ${id}`,
  );
  const [card] = await toCards(db, rows);
  if (!card) throw notFound(MARKETPLACE_TEXT.listingNotFound);
  return { ...card, mine: card.author.id === viewer.userId };
}
