import { eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { checkoutSessions } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import {
  type BackedMilestone,
  type BackedPayment,
  backedPayments,
  campaignMilestoneReleases,
} from './internal/payments';

export type { BackedMilestone, BackedPayment } from './internal/payments';

/** Sums of a backer's payments by where their money is: released + held + refunded = paid. */
export interface BackingTotals {
  paidCents: number;
  releasedCents: number;
  heldCents: number;
  refundedCents: number;
}

export interface BackedCampaign {
  campaignId: string;
  campaignTitle: string;
  campaignStatus: BackedPayment['campaignStatus'];
  movieId: string;
  filmTitle: string;
  payments: BackedPayment[];
  milestones: BackedMilestone[];
  totals: BackingTotals;
}

export interface MyBacking {
  campaigns: BackedCampaign[];
  totals: BackingTotals;
}

function totalsOf(payments: readonly BackedPayment[]): BackingTotals {
  const t: BackingTotals = { paidCents: 0, releasedCents: 0, heldCents: 0, refundedCents: 0 };
  for (const p of payments) {
    t.paidCents += p.amountCents;
    if (p.standing.kind === 'released') t.releasedCents += p.amountCents;
    else if (p.standing.kind === 'refunded') t.refundedCents += p.amountCents;
    else t.heldCents += p.amountCents;
  }
  return t;
}

/**
 * Everything a signed-in person paid to campaigns, grouped by campaign (most recent first), each
 * payment with where its money is and each campaign's milestones with what they released. Only the
 * person's own Checkout Sessions are read (docs/backing.md).
 */
export async function myBacking({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<MyBacking> {
  const viewer = authorize(actor, 'backing.read-own');
  const payments = await backedPayments(db, eq(checkoutSessions.payerId, viewer.userId));
  const groups = new Map<string, BackedPayment[]>();
  for (const p of payments) groups.set(p.campaignId, [...(groups.get(p.campaignId) ?? []), p]);
  const milestones = await campaignMilestoneReleases(db, [...groups.keys()]);
  const list: BackedCampaign[] = [...groups.values()].map((ps) => {
    const first = ps[0] as BackedPayment;
    return {
      campaignId: first.campaignId,
      campaignTitle: first.campaignTitle,
      campaignStatus: first.campaignStatus,
      movieId: first.movieId,
      filmTitle: first.filmTitle,
      payments: ps,
      milestones: milestones.get(first.campaignId) ?? [],
      totals: totalsOf(ps),
    };
  });
  return { campaigns: list, totals: totalsOf(payments) };
}
