import { and, eq, gte, type SQL, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { campaigns, checkoutSessions, videos } from '../../db/schema';
import { checkoutExpiresAt, utcToday } from '../../domain/campaigns/end-date';
import { mayPerform } from '../../domain/campaigns/status';
import { badRequest, conflict, notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { checkoutInput } from '../../domain/payments/input';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { teamApproved } from '../agreements';
import { loadCampaignAccess, splitSummary } from '../campaigns';
import { createCheckout } from './internal/create-checkout';
import { campaignBackers } from './lib/backers';
import { type CampaignFunding, fundingFrom, fundingRow } from './lib/funding';

export type { CampaignFunding, FundingShare } from './lib/funding';

async function fundingWhere(db: Db, now: Date, where: SQL): Promise<CampaignFunding | null> {
  const row = await fundingRow(db, where);
  if (!row) return null;
  const [split, backers] = await Promise.all([
    splitSummary(db, row.campaign, row.ownerId),
    campaignBackers(db, row.campaign.id),
  ]);
  return fundingFrom(row, split, backers, now);
}

/**
 * The same rule as the breakdown's: a public campaign's funding (isPublicCampaign) is anyone's; in
 * any other status only those who may view the campaign (owner, team, admins) see it.
 */
async function visibleTo(db: Db, viewer: Viewer | null, funding: CampaignFunding | null) {
  if (!funding) return null;
  if (funding.isPublic) return funding;
  const access = await loadCampaignAccess(db, viewer, funding.campaignId);
  return access !== null && mayPerform('view', access.relation) ? funding : null;
}

/** A campaign's funding figures (the fund and donate pages, GET /api/campaigns/:id/funding), or null. */
export async function campaignFunding(
  { db, clock }: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  campaignId: string,
) {
  const viewer = authorize(actor, 'funding.read');
  return visibleTo(db, viewer, await fundingWhere(db, clock.now(), eq(campaigns.id, campaignId)));
}

/** The funding figures of a film's campaign, or null when it has none the actor may see. */
export async function filmFunding(
  { db, clock }: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  movieId: string,
) {
  const viewer = authorize(actor, 'funding.read');
  return visibleTo(db, viewer, await fundingWhere(db, clock.now(), eq(campaigns.movieId, movieId)));
}

/** Live campaigns taking money (id, film, raised): what a visitor can fund right now. */
export async function liveCampaigns({ db, clock }: Pick<Deps, 'db' | 'clock' | 'followUps'>, actor: Actor) {
  authorize(actor, 'funding.read');
  const today = utcToday(clock.now());
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
    .where(
      and(
        eq(campaigns.status, 'live'),
        // Not a campaign whose film is out of the catalogue (hidden after reports: docs/reports.md).
        eq(videos.reviewStatus, 'approved'),
        gte(campaigns.endDate, today),
        eq(campaigns.extensionPending, false),
        teamApproved(sql`"campaigns"."id"`),
      ),
    );
}

export interface CampaignCheckoutInput {
  amountCents: number;
  guestEmail?: string;
  attemptId: string;
  source?: 'funding' | 'donation';
}

/**
 * Starts a payment to a campaign: only a live campaign more than 30 minutes before its end, not
 * voting, whose team agreed on its split takes money; the session expires at the end at the latest.
 * A signed-in
 * payer pays as themself; a guest must give an email. The webhook checks the campaign again when
 * the payment arrives (it may have stopped taking money meanwhile) and refunds it if so.
 */
export async function startCampaignCheckout(
  deps: Pick<Deps, 'db' | 'stripe' | 'config' | 'clock' | 'followUps'>,
  actor: Actor,
  campaignId: string,
  input: CampaignCheckoutInput,
) {
  const viewer = authorize(actor, 'payment.start');
  const checked = parseInput(checkoutInput, input);
  input = { ...checked, attemptId: checked.attemptId ?? crypto.randomUUID() };
  if (!viewer && !input.guestEmail) throw badRequest(TEXT.guestEmailRequired);
  const payer = viewer ? { userId: viewer.userId, email: viewer.email } : null;
  // Read unfiltered: a campaign that is not live answers "not taking payments" (409), whoever pays.
  const now = deps.clock.now();
  const funding = await fundingWhere(deps.db, now, eq(campaigns.id, campaignId));
  if (!funding) throw notFound(TEXT.campaignNotFoundState);
  // A live campaign that is not public is one whose film left the catalogue (rejected, or hidden after
  // reports: docs/reports.md): it is not found, for the payer as on every page.
  if (funding.status === 'live' && !funding.isPublic) throw notFound(TEXT.campaignNotFoundState);
  if (!funding.takingPayments) throw conflict(funding.pausedReason ?? TEXT.campaignNotTakingPayments);
  const base = deps.config.PUBLIC_URL.replace(/\/$/, '');
  const created = await createCheckout(deps, {
    campaignId,
    payer: payer ? { userId: payer.userId, email: payer.email } : { guestEmail: input.guestEmail as string },
    amountCents: input.amountCents,
    description: `Funding “${funding.filmTitle}”`,
    attemptId: input.attemptId,
    source: input.source,
    expiresAt: checkoutExpiresAt(funding.endDate, now),
    successUrl: `${base}/donation-success?session={CHECKOUT_SESSION_ID}`,
    // The film page says that nothing was charged.
    cancelUrl: `${base}/movie/${funding.movieId}?checkout=cancelled`,
  });
  return { url: created.url, sessionId: created.id };
}

/** What /donation-success shows of one checkout: amount, film, status — nothing about the payer. */
export async function checkoutReceipt({ db }: Pick<Deps, 'db'>, actor: Actor, sessionId: string) {
  authorize(actor, 'payment.receipt');
  return (
    (await db
      .select({
        amountCents: checkoutSessions.amountCents,
        currency: checkoutSessions.currency,
        status: checkoutSessions.status,
        filmTitle: videos.title,
        movieId: videos.id,
        /** Paid from an account: its receipt is on /backing (for that account only). */
        byAccount: sql<number>`${checkoutSessions.payerId} is not null`,
      })
      .from(checkoutSessions)
      .innerJoin(campaigns, eq(campaigns.id, checkoutSessions.campaignId))
      .innerJoin(videos, eq(videos.id, campaigns.movieId))
      .where(eq(checkoutSessions.id, sessionId))
      .get()) ?? null
  );
}
