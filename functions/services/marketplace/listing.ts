import { and, eq, inArray } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { collaborationRequests, marketplaceListings } from '../../db/schema';
import { notFound } from '../../domain/errors';
import { OPEN_REQUEST_STATUSES, type RequestStatus } from '../../domain/marketplace/collaboration';
import { MARKETPLACE_TEXT } from '../../domain/marketplace/texts';
import { isAdmin } from '../../domain/users/roles';
import type { Deps } from '../../platform/deps';
import { type ListingCard, selectListings, toCards } from './internal/cards';
import { ownCampaigns } from './internal/load';

/** One listing, open or closed (its page says which); an unknown id is 404. */
export async function getListing(
  { db }: Pick<Deps, 'db'>,
  actor: Actor,
  id: string,
): Promise<
  ListingCard & {
    mine: boolean;
    myRequest: { id: string; status: RequestStatus } | null;
    authorCampaigns: { id: string; title: string }[];
  }
> {
  const viewer = authorize(actor, 'listing.read');
  const rows = await selectListings(db).where(eq(marketplaceListings.id, id));
  const [card] = await toCards(db, rows);
  // Hidden after reports: 404 to everyone but its author and admins (docs/reports.md).
  if (!card || (card.hidden && card.author.id !== viewer.userId && !isAdmin(viewer.roles)))
    throw notFound(MARKETPLACE_TEXT.listingNotFound);
  const r = collaborationRequests;
  // The viewer's own open request on it, if any: its page links to it instead of the form.
  const request = await db
    .select({ id: r.id, status: r.status })
    .from(r)
    .where(and(eq(r.listingId, id), eq(r.requesterId, viewer.userId), inArray(r.status, [...OPEN_REQUEST_STATUSES])))
    .get();
  const mine = card.author.id === viewer.userId;
  // The campaigns a request may name: the author's (/collaborate/{id}'s form).
  const authorCampaigns = mine ? [] : await ownCampaigns({ db }, card.author.id);
  return { ...card, mine, myRequest: request ?? null, authorCampaigns };
}
