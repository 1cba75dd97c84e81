import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/identity';
import { marketplaceListings } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict } from '../../domain/errors';
import type { ListingStatus } from '../../domain/marketplace/listing';
import { MARKETPLACE_TEXT } from '../../domain/marketplace/texts';
import type { Deps } from '../../platform/deps';
import { loadOwnListing } from './internal/load';

type StatusDeps = Pick<Deps, 'db' | 'clock' | 'followUps'>;

async function setStatus(deps: StatusDeps, viewer: Viewer, id: string, to: ListingStatus, verb: string) {
  const row = await loadOwnListing(deps, viewer, id);
  if (row.status === to)
    throw conflict(to === 'closed' ? MARKETPLACE_TEXT.listingAlreadyClosed : MARKETPLACE_TEXT.listingAlreadyOpen);
  await new UnitOfWork(deps, viewer)
    .add(
      deps.db
        .update(marketplaceListings)
        .set({ status: to, updatedAt: deps.clock.now() })
        .where(and(eq(marketplaceListings.id, id), eq(marketplaceListings.authorId, viewer.userId))),
    )
    .audit({
      verb,
      resourceType: 'listing',
      resourceId: id,
      summary: `Listing “${row.title}” ${to === 'closed' ? 'closed' : 'reopened'}`,
    })
    .commit();
  return { ok: true as const, status: to };
}

/** The author closes their listing: it leaves the list, and its page says it is closed. */
export async function closeListing(deps: StatusDeps, actor: Actor, id: string) {
  const viewer = authorize(actor, 'listing.close');
  return setStatus(deps, viewer, id, 'closed', 'closeListing');
}

/** The author opens a closed listing again. */
export async function reopenListing(deps: StatusDeps, actor: Actor, id: string) {
  const viewer = authorize(actor, 'listing.reopen');
  return setStatus(deps, viewer, id, 'open', 'reopenListing');
}
