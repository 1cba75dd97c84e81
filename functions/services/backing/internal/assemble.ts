import type { Db } from '../../../db/client';
import { type BackedMilestone, type BackedPayment, campaignMilestoneReleases } from './payments';

/** Sums of a backer's payments by where their money is: released + held + refunded + disputed = paid. */
export interface BackingTotals {
  paidCents: number;
  releasedCents: number;
  heldCents: number;
  refundedCents: number;
  /** Disputed with the card issuer: open, or lost (docs/money.md, "Disputes"). */
  disputedCents: number;
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

export function totalsOf(payments: readonly BackedPayment[]): BackingTotals {
  const t: BackingTotals = { paidCents: 0, releasedCents: 0, heldCents: 0, refundedCents: 0, disputedCents: 0 };
  for (const p of payments) {
    t.paidCents += p.amountCents;
    if (p.standing.kind === 'released') t.releasedCents += p.amountCents;
    else if (p.standing.kind === 'refunded') t.refundedCents += p.amountCents;
    else if (p.standing.kind === 'disputed' || p.standing.kind === 'dispute_lost') t.disputedCents += p.amountCents;
    else t.heldCents += p.amountCents;
  }
  return t;
}

/** A backer's payments grouped by campaign (most recent first), with sums and each campaign's milestones. */
export async function assembleBacking(db: Db, payments: BackedPayment[]): Promise<MyBacking> {
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
