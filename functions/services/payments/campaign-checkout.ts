import { and, asc, eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { campaignContributors, campaigns, checkoutSessions, profiles, videos } from '../../db/schema';
import { mayPerform } from '../../lib/campaign-status';
import { conflict, notFound } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import { loadCampaignAccess } from '../campaigns/access';
import { PUBLIC_BREAKDOWN_STATUSES } from '../insights/breakdown';
import { createCheckout } from './create-checkout';

export interface FundingShare {
  username: string;
  role: string;
  permille: number;
}

/** The public face of a campaign's funding: what the fund and donate pages show. */
export interface CampaignFunding {
  campaignId: string;
  movieId: string;
  filmTitle: string;
  status: string;
  /** Live and not voting: the only state that takes money. */
  takingPayments: boolean;
  raisedCents: number;
  goalCents: number;
  feePercent: number;
  /** The originator first, then approved members: each one's share of the gross. */
  shares: FundingShare[];
}

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

/** The funding view of a campaign row (with its film's title and owner's username) and its approved members. */
export function fundingFrom(
  row: {
    id: string;
    movieId: string;
    filmTitle: string;
    status: string;
    extensionPending: boolean;
    raised: number;
    goal: number;
    fee: number;
    originatorShare: number;
    owner: string | null;
  },
  members: { username: string | null; role: string; permille: number }[],
): CampaignFunding {
  return {
    campaignId: row.id,
    movieId: row.movieId,
    filmTitle: row.filmTitle,
    status: row.status,
    takingPayments: row.status === 'live' && !row.extensionPending,
    raisedCents: row.raised,
    goalCents: row.goal,
    feePercent: row.fee,
    shares: [
      { username: row.owner ?? 'Originator', role: 'Originator', permille: row.originatorShare },
      ...members.map((m) => ({ username: m.username ?? 'Team member', role: m.role, permille: m.permille })),
    ],
  };
}

export const campaignFunding = (db: Db, campaignId: string) => fundingWhere(db, eq(campaigns.id, campaignId));
export const filmFunding = (db: Db, movieId: string) => fundingWhere(db, eq(campaigns.movieId, movieId));

/**
 * The same rule as the breakdown's: a live, paused or completed campaign's funding is public; in
 * any other status only those who may view the campaign (owner, team, admins) see it.
 */
export async function fundingVisible(db: Db, viewer: Viewer | null, funding: CampaignFunding): Promise<boolean> {
  if ((PUBLIC_BREAKDOWN_STATUSES as readonly string[]).includes(funding.status)) return true;
  const access = await loadCampaignAccess(db, viewer, funding.campaignId);
  return access !== null && mayPerform('view', access.relation);
}

/** Live campaigns (id, film, raised): what a visitor can fund right now. */
export async function liveCampaigns(db: Db) {
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
  ctx: { db: Db; stripe: Stripe; publicUrl: string },
  payer: { userId: string; email: string } | null,
  campaignId: string,
  input: CampaignCheckoutInput,
) {
  const funding = await campaignFunding(ctx.db, campaignId);
  if (!funding) throw notFound(MSG.campaignNotFoundState);
  if (funding.status !== 'live') throw conflict(MSG.campaignNotTakingPayments);
  if (!funding.takingPayments) throw conflict(MSG.campaignVoting);
  const base = ctx.publicUrl.replace(/\/$/, '');
  const created = await createCheckout(
    { db: ctx.db, stripe: ctx.stripe },
    {
      campaignId,
      payer: payer ? { userId: payer.userId, email: payer.email } : { guestEmail: input.guestEmail as string },
      amountCents: input.amountCents,
      description: `Funding “${funding.filmTitle}”`,
      attemptId: input.attemptId,
      successUrl: `${base}/donation-success?session={CHECKOUT_SESSION_ID}`,
      cancelUrl: `${base}/movie/${funding.movieId}`,
    },
  );
  return { url: created.url, sessionId: created.id };
}

/** What /donation-success shows of one checkout: amount, film, status — nothing about the payer. */
export async function checkoutReceipt(db: Db, sessionId: string) {
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
