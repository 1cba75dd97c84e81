import { and, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignMilestones, campaigns, ledgerGroups } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { formatCents } from '../../domain/campaigns/format';
import { fillText, TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { isUniqueViolation, messagesOf, newRevision } from '../campaigns';
import { notify } from '../notifications';
import { planRelease } from './internal/release';

const ATTEMPTS = 5;

export interface ClosingRelease {
  milestoneNumber: number;
  grossCents: number;
}

/** Another write won between the read and the batch: the guard's NOT NULL, or a key it wrote first. */
const lost = (err: unknown) =>
  /campaign_milestones\.goal_amount/.test(messagesOf(err)) ||
  isUniqueViolation(err, 'escrow_claims') ||
  isUniqueViolation(err, 'payouts.campaign_id') ||
  isUniqueViolation(err, 'campaign_milestones.campaign_id');

/**
 * A campaign completed by an admin (not by its team's vote, whose batch releases the milestone)
 * keeps what it raised: the money still in escrow is released as a closing milestone (number
 * milestone_count + 1, reached_at empty — the goal was not reached), each agreed version's money by
 * that version — never by a proposal still waiting for the team — with one pending payout per
 * member owed, and everyone paid is told. Exactly once: the batch stamps the campaign (still completed,
 * not voting, same milestone count) with a fresh revision and ends with the milestone row, whose
 * goal is read back through that revision and an emptied escrow — a concurrent run, or a refund
 * or payment between the read and the write, makes the whole batch roll back; it then reads again.
 * Returns the release, or null when there is nothing to release (or the campaign is not completed).
 */
export async function releaseCompletedCampaign(
  deps: Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps'>,
  actor: Actor,
  campaignId: string,
): Promise<ClosingRelease | null> {
  const who = authorize(actor, 'milestone.release');
  const { db, bell } = deps;
  for (let attempt = 1; ; attempt++) {
    const c = await db.select().from(campaigns).where(eq(campaigns.id, campaignId)).get();
    if (c?.status !== 'completed' || c.extensionPending) return null;
    const number = c.milestoneCount + 1;
    const release = await planRelease(db, c, number);
    // Nothing held, or money but no split ever agreed (the hourly job tries again once one is).
    if (release.release.grossCents === 0 || release.deferred) return null;
    const revision = newRevision();
    const uow = new UnitOfWork(deps, who);
    uow.add(
      db
        .update(campaigns)
        .set({ milestoneCount: number, revision, updatedAt: new Date() })
        .where(
          and(
            eq(campaigns.id, campaignId),
            eq(campaigns.status, 'completed'),
            eq(campaigns.extensionPending, false),
            eq(campaigns.milestoneCount, c.milestoneCount),
          ),
        ),
      ...release.statements,
      db.insert(campaignMilestones).values({
        campaignId,
        milestoneNumber: number,
        goalAmount: sql<number>`(select goal_amount from campaigns where id = ${campaignId} and revision = ${revision} and ${release.escrowEmptied})`,
        reachedAt: null,
      }),
    );
    for (const { userId } of release.release.payables)
      notify(uow, bell, {
        userId,
        type: 'other',
        title: TEXT.closingReleaseTitle,
        topic: 'payout',
        message: fillText(TEXT.closingReleaseMessage, {
          title: c.title,
          amount: formatCents(release.release.grossCents),
        }),
        campaignId,
      });
    uow
      .audit({
        verb: 'releaseCompletedCampaign',
        resourceType: 'campaign',
        resourceId: campaignId,
        summary: `“${c.title}”: ${formatCents(release.release.grossCents)} released to the team (closing milestone ${number})`,
      })
      .owe('payouts', { campaignId, milestoneNumber: number }, { key: `payouts:${campaignId}:${number}` });
    try {
      await uow.commit();
      return { milestoneNumber: number, grossCents: release.release.grossCents };
    } catch (err) {
      if (lost(err) && attempt < ATTEMPTS) continue;
      throw err;
    }
  }
}

/**
 * Completed campaigns still holding escrow (a closing release interrupted before it committed):
 * the hourly job releases them.
 */
async function completedCampaignsWithEscrow({ db }: Pick<Deps, 'db'>): Promise<string[]> {
  const rows = await db
    .select({ id: campaigns.id })
    .from(campaigns)
    .where(
      and(
        eq(campaigns.status, 'completed'),
        eq(campaigns.extensionPending, false),
        sql`exists (select 1 from ${ledgerGroups} g where g.kind = 'payment' and g.campaign_id = ${campaigns.id}
          and not exists (select 1 from escrow_claims x where x.payment_intent_id = g.payment_intent_id)
          and not exists (select 1 from ledger_groups r where r.idempotency_key = 'refund:' || g.payment_intent_id))`,
      ),
    );
  return rows.map((r) => r.id);
}

/**
 * The hourly job: completed campaigns whose closing release did not commit (the worker stopped
 * after the status change) are released now; each release owes its payouts (a follow-up).
 */
export async function releaseCompletedCampaigns(deps: Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps'>, actor: Actor) {
  authorize(actor, 'milestone.release-due');
  const released: ({ campaignId: string } & ClosingRelease)[] = [];
  for (const id of await completedCampaignsWithEscrow(deps)) {
    try {
      const r = await releaseCompletedCampaign(deps, actor, id);
      if (r) released.push({ campaignId: id, ...r });
    } catch (err) {
      console.error(`scheduled: releasing completed campaign ${id} failed (next hour retries):`, err);
    }
  }
  return released;
}
