import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import { campaignMilestones, campaigns } from '../../../db/schema';
import { formatCents } from '../../../domain/campaigns/format';
import { fillText, TEXT } from '../../../domain/texts';
import type { Deps } from '../../../platform/deps';
import { ringQuietly } from '../../../realtime/doorbell';
import { versionInForce } from '../../agreements';
import { notificationWhen } from '../../notifications';

type Statement = BatchItem<'sqlite'>;

/** The database clock in milliseconds, as the tables' created_at defaults write it. */
export const dbNowMs = sql<number>`cast(unixepoch('subsec') * 1000 as integer)`;

/**
 * The statements that reach a milestone, for the batch of a credit: when that credit's group was
 * posted and raised is now at least the goal of a live campaign that is not voting, insert the next
 * milestone row (INSERT … SELECT … WHERE, unique per number, naming the agreed share version in
 * force: its members vote) and — only if that very row exists —
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
          shareVersion: sql<number | null>`${versionInForce(sql`"campaigns"."id"`)}`.as('share_version'),
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

/** A voter of the milestone, as read before the batch (the team whose agreed split is in force). */
export interface CrossingNotices {
  statements: Statement[];
  /** The notices to ring once the batch committed (written only if the milestone was reached). */
  written: { userId: string; id: string }[];
}

/**
 * Each team member's "vote needed" notice, for the batch that may reach milestone `milestoneId`
 * (milestoneCrossing): written only if that very milestone row is, so a reached milestone always has
 * its notices and an unreached one none. The notice leads to the campaign's progress page.
 */
export function crossingNotices(
  db: Db,
  campaignId: string,
  milestoneId: string,
  team: { userId: string }[],
  text: { title: string; goalCents: number; number: number },
): CrossingNotices {
  const reached = sql`exists (select 1 from ${campaignMilestones} where ${campaignMilestones.id} = ${milestoneId})`;
  const message = fillText(TEXT.milestoneReachedMessage, {
    title: text.title,
    goal: formatCents(text.goalCents),
    number: String(text.number),
  });
  const notes = team.map((m) => ({
    userId: m.userId,
    ...notificationWhen(
      db,
      { userId: m.userId, type: 'other', title: TEXT.milestoneReachedTitle, message, campaignId },
      reached,
    ),
  }));
  return { statements: notes.map((n) => n.statement), written: notes.map(({ userId, id }) => ({ userId, id })) };
}

/** True as a batch runs once it has reached milestone `milestoneId` (its row was written). */
export const milestoneReached = (milestoneId: string) =>
  sql`exists (select 1 from ${campaignMilestones} where ${campaignMilestones.id} = ${milestoneId})`;

/**
 * After the batch that may have reached a milestone committed: if it did, ring the team's notices
 * (written in that batch). Best-effort: the notices are the truth. (The batch also owes the
 * 'campaign-changed' follow-up, which expires the open Checkout Sessions while the team votes.)
 */
export async function ringCrossing(
  deps: Pick<Deps, 'db' | 'bell'>,
  milestoneId: string,
  notices: CrossingNotices['written'],
) {
  const milestone = await deps.db
    .select({ id: campaignMilestones.id })
    .from(campaignMilestones)
    .where(eq(campaignMilestones.id, milestoneId))
    .get();
  if (!milestone) return false;
  await Promise.all(notices.map((n) => ringQuietly(deps.bell, n.userId, { kind: 'notification', id: n.id })));
  return true;
}
