import { and, eq, sql } from 'drizzle-orm';
import type { Viewer } from '../../../auth/identity';
import { campaigns, marketplaceListings, videos } from '../../../db/schema';
import { badRequest, forbidden, notFound } from '../../../domain/errors';
import { MARKETPLACE_TEXT } from '../../../domain/marketplace/texts';
import type { Deps } from '../../../platform/deps';

/** The listing the viewer wrote: 404 when there is none with the id, 403 when it is someone else's. */
export async function loadOwnListing({ db }: Pick<Deps, 'db'>, viewer: Viewer, id: string) {
  const row = await db.select().from(marketplaceListings).where(eq(marketplaceListings.id, id)).get();
  if (!row) throw notFound(MARKETPLACE_TEXT.listingNotFound);
  if (row.authorId !== viewer.userId) throw forbidden(MARKETPLACE_TEXT.listingNotYours);
  return row;
}

/** A listing may name only a campaign of a film its author owns. */
export async function checkOwnCampaign({ db }: Pick<Deps, 'db'>, authorId: string, campaignId: string | null) {
  if (!campaignId) return;
  const row = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .where(and(eq(campaigns.id, campaignId), eq(videos.contributorId, authorId)))
    .get();
  if (!row) throw badRequest(MARKETPLACE_TEXT.listingCampaignNotYours);
}

/** The campaigns a person may name on a listing: those of the films they own. */
export async function ownCampaigns({ db }: Pick<Deps, 'db'>, userId: string) {
  return db
    .select({ id: campaigns.id, title: campaigns.title })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .where(eq(videos.contributorId, userId))
    .orderBy(sql`${campaigns.title} collate nocase`);
}
