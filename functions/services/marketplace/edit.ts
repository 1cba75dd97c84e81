import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { marketplaceListings } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { parseInput } from '../../domain/input';
import { type EditListingInput, editListingInput } from '../../domain/marketplace/input';
import type { Deps } from '../../platform/deps';
import { checkOwnCampaign, loadOwnListing } from './internal/load';

/** The author changes their listing's fields (open or closed). docs/marketplace.md. */
export async function editListing(
  deps: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  id: string,
  input: EditListingInput,
): Promise<{ ok: true }> {
  const viewer = authorize(actor, 'listing.edit');
  const data = parseInput(editListingInput, input);
  const row = await loadOwnListing(deps, viewer, id);
  if (data.campaignId !== undefined) await checkOwnCampaign(deps, viewer.userId, data.campaignId);
  await new UnitOfWork(deps, viewer)
    .add(
      deps.db
        .update(marketplaceListings)
        .set({ ...data, updatedAt: deps.clock.now() })
        .where(and(eq(marketplaceListings.id, id), eq(marketplaceListings.authorId, viewer.userId))),
    )
    .audit({
      verb: 'editListing',
      resourceType: 'listing',
      resourceId: id,
      summary: `Listing “${data.title ?? row.title}” edited`,
    })
    .commit();
  return { ok: true };
}
