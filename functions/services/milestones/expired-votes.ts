import { and, eq, lte } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignMilestones, campaigns } from '../../db/schema';
import type { Deps } from '../../platform/deps';
import { resolveRound, VOTE_OPEN_MS } from './internal/resolve';

/**
 * The hourly job: every milestone vote open for 7 days closes, a member who has not voted counting
 * as complete (resolve.ts). Runs before ended campaigns complete, so a vote open at a campaign's end
 * finishes first. Each resolution owes the payouts it writes (a follow-up).
 */
export async function closeExpiredVotes(deps: Deps, actor: Actor) {
  const system = authorize(actor, 'vote.close-expired');
  const cutoff = new Date(deps.clock.now().getTime() - VOTE_OPEN_MS);
  const open = await deps.db
    .select({ id: campaigns.id, round: campaigns.milestoneCount })
    .from(campaigns)
    .innerJoin(
      campaignMilestones,
      and(
        eq(campaignMilestones.campaignId, campaigns.id),
        eq(campaignMilestones.milestoneNumber, campaigns.milestoneCount),
      ),
    )
    .where(and(eq(campaigns.extensionPending, true), lte(campaignMilestones.reachedAt, cutoff)));
  const closed: string[] = [];
  for (const { id, round } of open) {
    try {
      if (await resolveRound(deps, system, id, round, 'closeExpiredVotes')) closed.push(id);
    } catch (err) {
      console.error(`scheduled: closing the expired vote of campaign ${id} failed (next hour retries):`, err);
    }
  }
  return closed;
}
