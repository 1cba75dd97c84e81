import { and, asc, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { campaignContributors, campaigns, checkoutSessions, profiles, videos } from '../../db/schema';
import { mayPerform } from '../../lib/campaign-status';
import { badRequest, conflict, notFound } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import type { Services } from '../../platform/services';
import { loadCampaignAccess } from '../../shared/campaigns/access';
import { PUBLIC_BREAKDOWN_STATUSES } from '../../shared/insights/public-statuses';
import { type CampaignFunding, type FundingShare, fundingFrom } from '../../shared/payments/funding';
import { createCheckout } from './internal/create-checkout';

export type { CampaignFunding, FundingShare };

async function fundingWhere(db: Db, where: ReturnType<typeof eq>): Promise<CampaignFunding | null> {
  const row = await db
    .select({
      id: campaigns.id,
      movieId: campaigns.movieId,
      filmTitle: videos.title,
      status: campaigns.status,
      extensionPending: campaigns.extensionPending,
      raised: campaigns.currentAmount,
      goal: campaigns.goalAmount,
      fee: campaigns.platformFeePercentage,
      originatorShare: campaigns.originatorSharePermille,
      owner: profiles.username,
    })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .leftJoin(profiles, eq(profiles.userId, videos.contributorId))
    .where(where)
    .get();
  if (!row) return null;
  const members = await db
    .select({
      username: campaignContributors.username,
      role: campaignContributors.role,
      permille: campaignContributors.sharePermille,
    })
    .from(campaignContributors)
    .where(and(eq(campaignContributors.campaignId, row.id), eq(campaignContributors.approved, true)))
    .orderBy(asc(campaignContributors.createdAt));
  return fundingFrom(row, members);
}

/**
 * The same rule as the breakdown's: a live, paused or completed campaign's funding is public; in
 * any other status only those who may view the campaign (owner, team, admins) see it.
 */
async function visibleTo(db: Db, viewer: Viewer | null, funding: CampaignFunding | null) {
  if (!funding) return null;
  if ((PUBLIC_BREAKDOWN_STATUSES as readonly string[]).includes(funding.status)) return funding;
  const access = await loadCampaignAccess(db, viewer, funding.campaignId);
  return access !== null && mayPerform('view', access.relation) ? funding : null;
}

/** A campaign's funding figures (the fund and donate pages, GET /api/campaigns/:id/funding), or null. */
export async function campaignFunding({ db }: Pick<Services, 'db'>, actor: Actor, campaignId: string) {
  const viewer = authorize(actor, 'public');
  return visibleTo(db, viewer, await fundingWhere(db, eq(campaigns.id, campaignId)));
}

/** The funding figures of a film's campaign, or null when it has none the actor may see. */
export async function filmFunding({ db }: Pick<Services, 'db'>, actor: Actor, movieId: string) {
  const viewer = authorize(actor, 'public');
  return visibleTo(db, viewer, await fundingWhere(db, eq(campaigns.movieId, movieId)));
}

/** Live campaigns (id, film, raised): what a visitor can fund right now. */
export async function liveCampaigns({ db }: Pick<Services, 'db'>, actor: Actor) {
  authorize(actor, 'public');
  return db
    .select({
      campaignId: campaigns.id,
      movieId: campaigns.movieId,
      filmTitle: videos.title,
      raisedCents: campaigns.currentAmount,
      goalCents: campaigns.goalAmount,
    })
    .from(campaigns)
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .where(and(eq(campaigns.status, 'live'), eq(campaigns.extensionPending, false)));
}

export interface CampaignCheckoutInput {
  amountCents: number;
  guestEmail?: string;
  attemptId: string;
}

/**
 * Starts a payment to a campaign: only a live campaign that is not voting takes money. A signed-in
 * payer pays as themself; a guest must give an email. The webhook checks the campaign again when
 * the payment arrives (it may have stopped taking money meanwhile) and refunds it if so.
 */
export async function startCampaignCheckout(
  services: Pick<Services, 'db' | 'stripe' | 'config'>,
  actor: Actor,
  campaignId: string,
  input: CampaignCheckoutInput,
) {
  const viewer = authorize(actor, 'public');
  if (!viewer && !input.guestEmail) throw badRequest(MSG.guestEmailRequired);
  const payer = viewer ? { userId: viewer.userId, email: viewer.email } : null;
  // Read unfiltered: a campaign that is not live answers "not taking payments" (409), whoever pays.
  const funding = await fundingWhere(services.db, eq(campaigns.id, campaignId));
  if (!funding) throw notFound(MSG.campaignNotFoundState);
  if (funding.status !== 'live') throw conflict(MSG.campaignNotTakingPayments);
  if (!funding.takingPayments) throw conflict(MSG.campaignVoting);
  const base = services.config.PUBLIC_URL.replace(/\/$/, '');
  const created = await createCheckout(services, {
    campaignId,
    payer: payer ? { userId: payer.userId, email: payer.email } : { guestEmail: input.guestEmail as string },
    amountCents: input.amountCents,
    description: `Funding “${funding.filmTitle}”`,
    attemptId: input.attemptId,
    successUrl: `${base}/donation-success?session={CHECKOUT_SESSION_ID}`,
    cancelUrl: `${base}/movie/${funding.movieId}`,
  });
  return { url: created.url, sessionId: created.id };
}

/** What /donation-success shows of one checkout: amount, film, status — nothing about the payer. */
export async function checkoutReceipt({ db }: Pick<Services, 'db'>, actor: Actor, sessionId: string) {
  authorize(actor, 'public');
  return (
    (await db
      .select({
        amountCents: checkoutSessions.amountCents,
        currency: checkoutSessions.currency,
        status: checkoutSessions.status,
        filmTitle: videos.title,
        movieId: videos.id,
      })
      .from(checkoutSessions)
      .innerJoin(campaigns, eq(campaigns.id, checkoutSessions.campaignId))
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .where(eq(checkoutSessions.id, sessionId))
      .get()) ?? null
  );
}
