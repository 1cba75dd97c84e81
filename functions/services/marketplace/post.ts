import { type Actor, authorize } from '../../auth/authorize';
import { marketplaceListings } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { parseInput } from '../../domain/input';
import { type PostListingInput, postListingInput } from '../../domain/marketplace/input';
import type { Deps } from '../../platform/deps';
import { checkOwnCampaign } from './internal/load';

/**
 * A new listing on /marketplace: any signed-in person offers a role or looks for one, optionally
 * for one of their own campaigns. Open at once. docs/marketplace.md.
 */
export async function postListing(
  deps: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  input: PostListingInput,
): Promise<{ id: string }> {
  const viewer = authorize(actor, 'listing.post');
  const data = parseInput(postListingInput, input);
  await checkOwnCampaign(deps, viewer.userId, data.campaignId);
  const id = crypto.randomUUID();
  const now = deps.clock.now();
  await new UnitOfWork(deps, viewer)
    .add(
      deps.db.insert(marketplaceListings).values({
        id,
        authorId: viewer.userId,
        role: data.role,
        kind: data.kind,
        title: data.title,
        description: data.description,
        pay: data.pay,
        location: data.location,
        campaignId: data.campaignId,
        createdAt: now,
        updatedAt: now,
      }),
    )
    .audit({ verb: 'postListing', resourceType: 'listing', resourceId: id, summary: `Listing “${data.title}” posted` })
    .commit();
  return { id };
}
