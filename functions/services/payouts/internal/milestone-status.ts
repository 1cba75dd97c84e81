import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../../db/client';
import { campaignMilestones } from '../../../db/schema';
import type { Statement } from './constants';

/**
 * campaign_milestones.payout_status from the milestone's payouts, written in the batch that changes
 * one of them: failed if any failed; completed when all completed; processing once any was started;
 * pending before that. Derived, never counted, so concurrent batches cannot make it drift.
 */
export function milestonePayoutStatus(db: Db, campaignId: string, milestoneNumber: number): Statement {
  const any = (condition: string) =>
    sql`exists (select 1 from payouts p where p.campaign_id = ${campaignId} and p.milestone_number = ${milestoneNumber} and ${sql.raw(condition)})`;
  return db
    .update(campaignMilestones)
    .set({
      payoutStatus: sql`case
        when ${any(`p.status = 'failed'`)} then 'failed'
        when not ${any(`p.status <> 'completed'`)} then 'completed'
        when ${any(`(p.status <> 'pending' or p.attempts > 0)`)} then 'processing'
        else 'pending' end`,
    })
    .where(
      and(
        eq(campaignMilestones.campaignId, campaignId),
        eq(campaignMilestones.milestoneNumber, milestoneNumber),
        any('1 = 1'),
      ),
    );
}
