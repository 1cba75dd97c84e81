import { and, desc, eq, inArray, isNotNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import {
  campaignMilestones,
  campaigns,
  checkoutSessions,
  ledgerEntries,
  ledgerGroups,
  videos,
} from '../../../db/schema';
import { type PaymentKind, type PaymentStanding, releaseMilestone, standingOf } from '../../../domain/backing/status';
import type { CampaignStatus } from '../../../domain/campaigns/status';

/** One credited payment of a backer, with where its money is (functions/domain/backing/status.ts). */
export interface BackedPayment {
  /** The Checkout Session's id: the receipt's address. */
  id: string;
  paymentIntentId: string;
  amountCents: number;
  currency: string;
  kind: PaymentKind;
  termsVersion: string | null;
  /** When the ledger credited it. */
  paidAt: Date;
  standing: PaymentStanding;
  campaignId: string;
  campaignTitle: string;
  campaignStatus: CampaignStatus;
  movieId: string;
  filmTitle: string;
}

const ms = (v: unknown) => (v === null || v === undefined ? null : new Date(Number(v)));

// Correlated reads by the session's payment intent: its credit, refund, escrow claim and refund row.
const PI = sql`"checkout_sessions"."payment_intent_id"`;
const paidAt = sql<number>`(select g.created_at from ledger_groups g where g.idempotency_key = 'payment:' || ${PI})`;
const refundedAt = sql<
  number | null
>`(select g.created_at from ledger_groups g where g.idempotency_key = 'refund:' || ${PI})`;
const refundReason = sql<string | null>`(select r.reason from escrow_refunds r where r.payment_intent_id = ${PI})`;
const releaseKey = sql<
  string | null
>`(select c.group_key from escrow_claims c where c.payment_intent_id = ${PI} and c.claim = 'release')`;
const releasedAt = sql<
  number | null
>`(select g.created_at from escrow_claims c join ledger_groups g on g.idempotency_key = c.group_key where c.payment_intent_id = ${PI} and c.claim = 'release')`;

// Its card dispute (docs/money.md, "Disputes"): opened when, and its outcome.
const disputedAt = sql<
  number | null
>`(select max(g.created_at) from ledger_groups g where g.payment_intent_id = ${PI} and g.kind = 'dispute')`;
const disputeOutcome = sql<
  'dispute_won' | 'dispute_lost' | null
>`(select g.kind from ledger_groups g where g.payment_intent_id = ${PI} and g.kind in ('dispute_won', 'dispute_lost') order by g.created_at desc limit 1)`;
const disputeClosedAt = sql<
  number | null
>`(select max(g.created_at) from ledger_groups g where g.payment_intent_id = ${PI} and g.kind in ('dispute_won', 'dispute_lost'))`;

/**
 * The credited payments whose Checkout Session matches `who` (the payer's own rows: the condition
 * is part of the read), newest first. A payment counts once the ledger holds its `payment:<pi>` group.
 */
export async function backedPayments(db: Db, who: SQL): Promise<BackedPayment[]> {
  const rows = await db
    .select({
      id: checkoutSessions.id,
      paymentIntentId: checkoutSessions.paymentIntentId,
      amountCents: checkoutSessions.amountCents,
      currency: checkoutSessions.currency,
      source: checkoutSessions.source,
      termsVersion: checkoutSessions.termsVersion,
      paidAt,
      refundedAt,
      refundReason,
      releaseKey,
      releasedAt,
      disputedAt,
      disputeOutcome,
      disputeClosedAt,
      campaignId: campaigns.id,
      campaignTitle: campaigns.title,
      campaignStatus: campaigns.status,
      movieId: videos.id,
      filmTitle: videos.title,
    })
    .from(checkoutSessions)
    .innerJoin(campaigns, eq(campaigns.id, checkoutSessions.campaignId))
    .innerJoin(videos, eq(videos.id, campaigns.movieId))
    .where(and(who, isNotNull(checkoutSessions.paymentIntentId), sql`${paidAt} is not null`))
    .orderBy(desc(paidAt), desc(checkoutSessions.id));
  return rows.map((r) => ({
    id: r.id,
    paymentIntentId: r.paymentIntentId as string,
    // The ledger's amount is Stripe's; the session's is what was asked (the same for card payments).
    amountCents: r.amountCents,
    currency: r.currency,
    kind: r.source ?? 'payment',
    termsVersion: r.termsVersion,
    paidAt: ms(r.paidAt) as Date,
    standing: standingOf({
      refundedAt: ms(r.refundedAt),
      refundReason: r.refundReason,
      releaseKey: r.releaseKey,
      releasedAt: ms(r.releasedAt),
      disputedAt: ms(r.disputedAt),
      disputeOutcome: r.disputeOutcome,
      disputeClosedAt: ms(r.disputeClosedAt),
    }),
    campaignId: r.campaignId,
    campaignTitle: r.campaignTitle,
    campaignStatus: r.campaignStatus,
    movieId: r.movieId,
    filmTitle: r.filmTitle,
  }));
}

/** A campaign's milestones as a backer sees them: reached when, released how much and when. */
export interface BackedMilestone {
  number: number;
  reachedAt: Date | null;
  releasedAt: Date | null;
  releasedCents: number;
}

/** D1 binds at most 100 parameters a statement. */
const CHUNK = 90;

/** Each campaign's milestones and releases (group `release:<campaign>:<n>`, what left escrow). */
export async function campaignMilestoneReleases(db: Db, campaignIds: string[]) {
  const out = new Map<string, BackedMilestone[]>();
  for (let i = 0; i < campaignIds.length; i += CHUNK) {
    const ids = campaignIds.slice(i, i + CHUNK);
    const [milestones, releases] = await Promise.all([
      db
        .select({
          campaignId: campaignMilestones.campaignId,
          number: campaignMilestones.milestoneNumber,
          reachedAt: campaignMilestones.reachedAt,
        })
        .from(campaignMilestones)
        .where(inArray(campaignMilestones.campaignId, ids)),
      db
        .select({
          campaignId: ledgerGroups.campaignId,
          key: ledgerGroups.idempotencyKey,
          createdAt: ledgerGroups.createdAt,
          releasedCents: sql<number>`-${ledgerEntries.amountCents}`,
        })
        .from(ledgerGroups)
        .innerJoin(
          ledgerEntries,
          and(
            eq(ledgerEntries.groupId, ledgerGroups.id),
            eq(ledgerEntries.account, sql`'escrow:' || ${ledgerGroups.campaignId}`),
          ),
        )
        .where(and(eq(ledgerGroups.kind, 'release'), inArray(ledgerGroups.campaignId, ids))),
    ]);
    const byKey = new Map<string, BackedMilestone>();
    for (const m of milestones) {
      const row = { number: m.number, reachedAt: m.reachedAt, releasedAt: null, releasedCents: 0 };
      byKey.set(`${m.campaignId}:${m.number}`, row);
    }
    for (const r of releases) {
      const n = releaseMilestone(r.key);
      if (!r.campaignId || n === null) continue;
      const row = byKey.get(`${r.campaignId}:${n}`) ?? {
        number: n,
        reachedAt: null,
        releasedAt: null,
        releasedCents: 0,
      };
      row.releasedAt = r.createdAt;
      row.releasedCents = Number(r.releasedCents);
      byKey.set(`${r.campaignId}:${n}`, row);
    }
    for (const [key, row] of byKey) {
      const campaignId = key.slice(0, key.lastIndexOf(':'));
      out.set(
        campaignId,
        [...(out.get(campaignId) ?? []), row].sort((a, b) => a.number - b.number),
      );
    }
  }
  return out;
}
