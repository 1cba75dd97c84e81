import { and, eq, sql } from 'drizzle-orm';
import type { SystemActor } from '../../../auth/authorize';
import type { Viewer } from '../../../auth/viewer';
import { campaignExtensionVotes, campaignMilestones, campaigns } from '../../../db/schema';
import { UnitOfWork } from '../../../db/unit-of-work';
import { toldKey } from '../../../domain/backing/told';
import { hasEnded } from '../../../domain/campaigns/end-date';
import { formatCents } from '../../../domain/campaigns/format';
import type { CampaignStatus } from '../../../domain/campaigns/status';
import { PAYOUT_TEXT } from '../../../domain/payouts/texts';
import { fillText, TEXT } from '../../../domain/texts';
import type { Deps } from '../../../platform/deps';
import { ringCampaign } from '../../../realtime/campaign-bell';
import { historyRow, isUniqueViolation, lostTheRace, milestoneTeam, newRevision } from '../../campaigns';
import { notify } from '../../notifications';
import { crossingNotices, milestoneCrossing, milestoneReached, ringCrossing } from '../lib/crossing';
import { planRelease } from './release';

const ATTEMPTS = 5;
/** A milestone vote stays open this long after the milestone was reached; then non-voters count as complete. */
export const VOTE_OPEN_MS = 7 * 86_400_000;

/** When round `round`'s vote closes on its own (the milestone's reached_at + 7 days), or null. */
async function voteClosesAt(db: Deps['db'], campaignId: string, round: number): Promise<number | null> {
  const m = await db
    .select({ reachedAt: campaignMilestones.reachedAt })
    .from(campaignMilestones)
    .where(and(eq(campaignMilestones.campaignId, campaignId), eq(campaignMilestones.milestoneNumber, round)))
    .get();
  return m?.reachedAt ? m.reachedAt.getTime() + VOTE_OPEN_MS : null;
}

/**
 * Closes round `round` of a campaign's extension vote once every team member has voted, or once
 * the vote has been open 7 days (a member who has not voted counts as complete): all extend →
 * goal += funding_increment and payments resume; any complete → completed. An extend when the
 * campaign's end date has passed completes it too: to continue, the owner sets a new end date,
 * which goes back to the team and an admin (docs/end-dates.md). The voters are
 * the members of the agreed version in force when the milestone was reached. In the same batch the
 * milestone's escrow is released, each version's money by that version (release.ts), and everyone
 * it pays is told.
 *
 * Exactly once: the campaign update is conditional on the round still being open, and the
 * history row's to_status is read back through this attempt's fresh revision AND an emptied
 * escrow (guarded-write.ts's trick) — a concurrent final vote that resolved first, or a payment
 * credited or refunded between the read and the batch, makes this batch roll back whole; it then
 * reads again. Returns whether the round is resolved (by this call or another).
 */
export async function resolveRound(
  deps: Deps,
  actor: Viewer | SystemActor,
  campaignId: string,
  round: number,
  verb: 'castExtensionVote' | 'closeExpiredVotes',
): Promise<boolean> {
  const { db, bell, clock } = deps;
  for (let attempt = 0; ; attempt++) {
    const c = await db.select().from(campaigns).where(eq(campaigns.id, campaignId)).get();
    if (!c?.extensionPending || c.milestoneCount !== round) return true;
    const [team, votes, closesAt] = await Promise.all([
      milestoneTeam(db, campaignId, round),
      db
        .select({ userId: campaignExtensionVotes.userId, vote: campaignExtensionVotes.vote })
        .from(campaignExtensionVotes)
        .where(and(eq(campaignExtensionVotes.campaignId, campaignId), eq(campaignExtensionVotes.round, round))),
      voteClosesAt(db, campaignId, round),
    ]);
    const now = clock.now();
    const closed = closesAt !== null && now.getTime() >= closesAt;
    const byUser = new Map(votes.map((v) => [v.userId, v.vote]));
    if (!closed && (team.length === 0 || team.some((m) => !byUser.has(m.userId)))) return false;
    const votedExtend = team.length > 0 && team.every((m) => byUser.get(m.userId) === true);
    const pastEnd = votedExtend && hasEnded(c.endDate, now);
    const extend = votedExtend && !pastEnd;

    const release = await planRelease(db, c, round);
    const revision = newRevision();
    const nextGoal = c.goalAmount + c.fundingIncrement;
    const uow = new UnitOfWork(deps, actor);
    uow.add(
      db
        .update(campaigns)
        .set({
          extensionPending: false,
          ...(extend ? { goalAmount: nextGoal } : { status: 'completed' as const, pausedFrom: null }),
          revision,
          updatedAt: new Date(),
        })
        .where(
          and(
            eq(campaigns.id, campaignId),
            eq(campaigns.extensionPending, true),
            eq(campaigns.milestoneCount, round),
            eq(campaigns.status, c.status),
          ),
        ),
      ...release.statements,
      historyRow(db, {
        campaignId,
        actorId: null,
        event: extend ? 'extended' : 'status_set',
        fromStatus: c.status,
        toStatus: sql<CampaignStatus>`(select status from campaigns where id = ${campaignId} and revision = ${revision} and ${release.escrowEmptied})`,
        reason: extend
          ? `Milestone ${round}: the team voted to extend; goal ${formatCents(c.goalAmount)} → ${formatCents(nextGoal)}`
          : pastEnd
            ? `Milestone ${round}: the team voted to extend, but the end date ${c.endDate} has passed`
            : closed && team.some((m) => !byUser.has(m.userId))
              ? `Milestone ${round}: the vote closed after 7 days; members who did not vote count as complete`
              : `Milestone ${round}: the team voted to complete the campaign`,
      }),
    );
    // Money in flight during the vote may already reach the next goal: then the next milestone is
    // reached in this batch too (after the history guard, which reads this attempt's revision).
    const next = extend ? milestoneCrossing(db, campaignId, sql`1`) : null;
    if (next) {
      // The same team votes again (the team is locked while it votes), told in this batch.
      const notices = crossingNotices(db, campaignId, next.milestoneId, team, {
        title: c.title,
        goalCents: nextGoal,
        number: round + 1,
      });
      uow.add(...next.statements, ...notices.statements);
      // Its backers hear of it too, if it is reached (docs/backing.md, "Told").
      const reached = { kind: 'milestone', number: round + 1, goalCents: nextGoal } as const;
      uow.owe(
        'tell-backers',
        { campaignId, event: reached },
        { key: toldKey(campaignId, reached), when: milestoneReached(next.milestoneId) },
      );
      // No checkout can be open while the team voted: nothing to expire.
      uow.afterCommit(() => ringCrossing(deps, next.milestoneId, notices.written));
    }
    // The voters, and anyone else the release pays (a member of an earlier version).
    const told = new Set([...team.map((m) => m.userId), ...release.release.payables.map((p) => p.userId)]);
    for (const userId of told)
      notify(uow, bell, {
        userId,
        type: 'other',
        title: extend ? TEXT.voteExtendedTitle : TEXT.voteCompletedTitle,
        message: extend
          ? fillText(TEXT.voteExtendedMessage, { title: c.title, goal: formatCents(nextGoal) })
          : pastEnd
            ? fillText(TEXT.voteExtendPastEnd, { title: c.title })
            : fillText(TEXT.voteCompletedMessage, { title: c.title, number: String(round) }),
        campaignId,
      });
    // Each member the release pays is told where that money waits (their payouts page).
    for (const p of release.release.payables)
      notify(uow, bell, {
        userId: p.userId,
        type: 'success',
        topic: 'payout',
        title: PAYOUT_TEXT.waitingTitle,
        message: fillText(PAYOUT_TEXT.waitingMessage, {
          amount: formatCents(p.amountCents),
          number: String(round),
          title: c.title,
        }),
        campaignId,
      });
    const reason = extend
      ? `Milestone ${round}: extended; goal ${formatCents(c.goalAmount)} → ${formatCents(nextGoal)}`
      : `Milestone ${round}: completed`;
    uow.audit({
      verb,
      resourceType: 'campaign',
      resourceId: campaignId,
      summary: `“${c.title}”: ${reason}; ${formatCents(release.release.grossCents)} released to the team`,
    });
    // Payouts are processed automatically at a milestone: the pending payouts rows of milestone
    // `round` are written by this batch, and paid by this follow-up.
    uow.owe('payouts', { campaignId, milestoneNumber: round }, { key: `payouts:${campaignId}:${round}` });
    // The backers hear what the vote released; a vote that completes it releasing nothing (escrow
    // empty, or no split agreed yet) still ends it: backers and followers hear that (docs/backing.md, "Told").
    if (release.release.grossCents > 0) {
      const released = {
        kind: 'released',
        number: round,
        amountCents: release.release.grossCents,
        outcome: extend ? 'extended' : 'completed',
        goalCents: nextGoal,
      } as const;
      uow.owe('tell-backers', { campaignId, event: released }, { key: toldKey(campaignId, released) });
    } else if (!extend) {
      const completed = { kind: 'vote-completed', number: round } as const;
      uow.owe('tell-backers', { campaignId, event: completed }, { key: toldKey(campaignId, completed) });
    }
    // The vote is over (extended or completed): the film pages show the new state.
    uow.afterCommit(() => ringCampaign(deps.campaignBell, campaignId));
    // …and so do /campaigns and home's row (docs/campaigns.md, "Caching").
    uow.owe('campaign-list-bump', {});
    try {
      await uow.commit();
    } catch (err) {
      // Another resolution or a refund won (the payouts or claims keys, or the guard, refused this batch).
      const raced =
        lostTheRace(err) || isUniqueViolation(err, 'escrow_claims') || isUniqueViolation(err, 'payouts.campaign_id');
      if (raced && attempt < ATTEMPTS) continue;
      throw err;
    }
    return true;
  }
}
