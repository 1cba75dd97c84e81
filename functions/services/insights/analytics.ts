import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/sqlite-core';
import { type Actor, authorize, type Scoped } from '../../auth/authorize';
import type { Db } from '../../db/client';
import { campaignExtensionVotes, campaignMilestones, checkoutSessions, ledgerEntries } from '../../db/schema';
import type { CampaignStatus, PayoutStatus } from '../../domain/campaigns/status';
import { notFound } from '../../domain/errors';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { type CampaignAccess, campaignScope, loadCampaignAccess } from '../campaigns';
import type { DailyRaised } from './internal/daily';
import { dailySeries, dayOf } from './internal/daily';
import { campaignLedgerFigures, escrowAccount } from './internal/ledger-figures';

export type { DailyRaised } from './internal/daily';

export interface CampaignAnalytics {
  campaignId: string;
  title: string;
  movieId: string;
  filmTitle: string;
  status: CampaignStatus;
  raisedCents: number;
  goalCents: number;
  /** Every day from the day before the first payment to today (or the last payment), gaps filled. */
  daily: DailyRaised[];
  /** Distinct payers (a signed-in payer by account, a guest by email). */
  backers: number;
  paymentsCount: number;
  /** Gross payments in cents. */
  paymentsCents: number;
  averagePaymentCents: number;
  refundsCount: number;
  refundedCents: number;
  milestones: {
    milestoneNumber: number;
    goalAmount: number;
    reachedAt: string | null;
    payoutStatus: PayoutStatus;
  }[];
  votes: { round: number; extend: number; complete: number }[];
  ledger: {
    escrowCents: number;
    releasedCents: number;
    feeCents: number;
    /** Members' payables not yet paid out. */
    payablesCents: number;
    paidCents: number;
    reversedCents: number;
  };
}

/**
 * Analytics are for the campaign's owner, its approved team and admins; anyone else — including
 * an invitee who has not joined — gets 404, as for an id that does not exist.
 */
async function requireAnalyticsAccess(
  db: Db,
  viewer: Scoped<'team-or-admin'>,
  campaignId: string,
): Promise<CampaignAccess> {
  const access = await loadCampaignAccess(db, viewer, campaignId, campaignScope(viewer.scope));
  const { relation, membership } = access ?? {};
  if (!access || !(relation?.isOwner || relation?.isAdmin || membership?.approved)) {
    throw notFound(TEXT.campaignNotFoundState);
  }
  return access;
}

/** A campaign's money and milestones for its team: GET /api/campaigns/:id/analytics and the analytics page. */
export async function campaignAnalytics(
  { db, clock }: Pick<Deps, 'db' | 'clock' | 'followUps'>,
  actor: Actor,
  campaignId: string,
): Promise<CampaignAnalytics> {
  const viewer = authorize(actor, 'campaign.insights');
  const { campaign, film } = await requireAnalyticsAccess(db, viewer, campaignId);
  const escrow = escrowAccount(campaign.id);
  const payer = alias(ledgerEntries, 'payer');
  const day = sql<string>`date(${ledgerEntries.createdAt} / 1000, 'unixepoch')`;
  const [figures, days, backers, milestones, votes] = await Promise.all([
    campaignLedgerFigures(db, campaign.id),
    db
      .select({ day, cents: sql<number>`sum(${ledgerEntries.amountCents})` })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.account, escrow), inArray(ledgerEntries.kind, ['payment', 'refund'])))
      .groupBy(day),
    db
      .select({
        n: sql<number>`count(distinct coalesce('u:' || ${payer.userId}, 'u:' || ${checkoutSessions.payerId}, 'e:' || lower(${checkoutSessions.guestEmail}), 'pi:' || ${ledgerEntries.paymentIntentId}))`,
      })
      .from(ledgerEntries)
      .leftJoin(
        payer,
        and(
          eq(payer.groupId, ledgerEntries.groupId),
          eq(payer.account, sql`'payer:' || ${ledgerEntries.paymentIntentId}`),
        ),
      )
      .leftJoin(checkoutSessions, eq(checkoutSessions.paymentIntentId, ledgerEntries.paymentIntentId))
      .where(and(eq(ledgerEntries.account, escrow), eq(ledgerEntries.kind, 'payment')))
      .get(),
    db
      .select()
      .from(campaignMilestones)
      .where(eq(campaignMilestones.campaignId, campaign.id))
      .orderBy(asc(campaignMilestones.milestoneNumber)),
    db
      .select({
        round: campaignExtensionVotes.round,
        extend: sql<number>`sum(case when ${campaignExtensionVotes.vote} then 1 else 0 end)`,
        complete: sql<number>`sum(case when ${campaignExtensionVotes.vote} then 0 else 1 end)`,
      })
      .from(campaignExtensionVotes)
      .where(eq(campaignExtensionVotes.campaignId, campaign.id))
      .groupBy(campaignExtensionVotes.round)
      .orderBy(asc(campaignExtensionVotes.round)),
  ]);
  const members = [...figures.members.values()];
  const sum = (pick: (m: (typeof members)[number]) => number) => members.reduce((t, m) => t + pick(m), 0);
  return {
    campaignId: campaign.id,
    title: campaign.title,
    movieId: film.id,
    filmTitle: film.title,
    status: campaign.status,
    raisedCents: campaign.currentAmount,
    goalCents: campaign.goalAmount,
    daily: dailySeries(
      days.map((d) => ({ day: d.day, cents: Number(d.cents) })),
      dayOf(clock.now().getTime()),
    ),
    backers: Number(backers?.n ?? 0),
    paymentsCount: figures.paymentsCount,
    paymentsCents: figures.paymentsCents,
    averagePaymentCents: figures.paymentsCount ? Math.round(figures.paymentsCents / figures.paymentsCount) : 0,
    refundsCount: figures.refundsCount,
    refundedCents: figures.refundedCents,
    milestones: milestones.map((m) => ({
      milestoneNumber: m.milestoneNumber,
      goalAmount: m.goalAmount,
      reachedAt: m.reachedAt ? m.reachedAt.toISOString() : null,
      payoutStatus: m.payoutStatus,
    })),
    votes: votes.map((v) => ({ round: v.round, extend: Number(v.extend), complete: Number(v.complete) })),
    ledger: {
      escrowCents: figures.escrowCents,
      releasedCents: figures.releasedCents,
      feeCents: figures.feeCents,
      payablesCents: sum((m) => m.owedCents),
      paidCents: sum((m) => m.paidCents),
      reversedCents: sum((m) => m.reversedCents),
    },
  };
}
