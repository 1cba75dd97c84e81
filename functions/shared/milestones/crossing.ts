import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../db/client';
import { campaignMilestones, campaigns } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { formatCents } from '../../lib/campaign-format';
import { fillMessage, MSG } from '../../lib/messages';
import type { Services } from '../../platform/services';
import { notify } from '../notifications/notify';
import { expireOpenCheckouts } from '../payments/expire-checkouts';
import { campaignTeam } from './team';

type Statement = BatchItem<'sqlite'>;

/** The database clock in milliseconds, as the tables' created_at defaults write it. */
export const dbNowMs = sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;

/**
 * The statements that reach a milestone, for the batch of a credit: when that credit's group was
 * posted and raised is now at least the goal of a live campaign that is not voting, insert the next
 * milestone row (INSERT … SELECT … WHERE, unique per number) and — only if that very row exists —
 * open the vote: milestone_count + 1, extension_pending, extension_votes = 0, a fresh revision (so
 * an edit or transition read before it loses). Batches are serialized, so of any number of
 * concurrent credits exactly one sees the crossing; the others find the vote already open.
 */
export function milestoneCrossing(
  db: Db,
  campaignId: string,
  posted: SQL,
): { milestoneId: string; statements: Statement[] } {
  const milestoneId = crypto.randomUUID();
  const insert = db
    .insert(campaignMilestones)
    .select((qb) =>
      qb
        .select({
          id: sql<string>`${milestoneId}`.as('id'),
          campaignId: campaigns.id,
          milestoneNumber: sql<number>`${campaigns.milestoneCount} + 1`.as('milestone_number'),
          goalAmount: campaigns.goalAmount,
          reachedAt: sql<Date>`${dbNowMs}`.as('reached_at'),
          payoutStatus: sql<'pending'>`'pending'`.as('payout_status'),
          createdAt: sql<Date>`${dbNowMs}`.as('created_at'),
        })
        .from(campaigns)
        .where(
          and(
            eq(campaigns.id, campaignId),
            eq(campaigns.status, 'live'),
            eq(campaigns.extensionPending, false),
            sql`${campaigns.currentAmount} >= ${campaigns.goalAmount}`,
            posted,
          ),
        ),
    )
    .onConflictDoNothing();
  const open = db
    .update(campaigns)
    .set({
      milestoneCount: sql`${campaigns.milestoneCount} + 1`,
      extensionPending: true,
      extensionVotes: 0,
      revision: crypto.randomUUID(),
      updatedAt: new Date(),
    })
    .where(
      and(
        eq(campaigns.id, campaignId),
        sql`exists (select 1 from ${campaignMilestones} where ${campaignMilestones.id} = ${milestoneId})`,
      ),
    );
  return { milestoneId, statements: [insert, open] };
}

/**
 * After the credit batch committed: if it reached the milestone, tell each team member (the
 * notification leads to the campaign's progress page, where the vote dialog is) and expire the
 * campaign's open Checkout Sessions — payments are paused while the team votes.
 */
export async function afterCrossing(
  deps: Pick<Services, 'db' | 'bell' | 'stripe'>,
  campaignId: string,
  milestoneId: string,
  { expireCheckouts = true } = {},
) {
  const milestone = await deps.db
    .select({ number: campaignMilestones.milestoneNumber, goal: campaignMilestones.goalAmount, title: campaigns.title })
    .from(campaignMilestones)
    .innerJoin(campaigns, eq(campaigns.id, campaignMilestones.campaignId))
    .where(eq(campaignMilestones.id, milestoneId))
    .get();
  if (!milestone) return false;
  const team = await campaignTeam(deps.db, campaignId);
  const uow = new UnitOfWork(deps.db);
  for (const member of team)
    notify(uow, deps.bell, {
      userId: member.userId,
      type: 'other',
      title: MSG.milestoneReachedTitle,
      message: fillMessage(MSG.milestoneReachedMessage, {
        title: milestone.title,
        goal: formatCents(milestone.goal),
        number: String(milestone.number),
      }),
      campaignId,
    });
  await uow.commit();
  if (expireCheckouts) await expireOpenCheckouts(deps, campaignId);
  return true;
}
