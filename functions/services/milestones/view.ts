import { and, eq } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignExtensionVotes, campaignMilestones } from '../../db/schema';
import { notFound } from '../../domain/errors';
import type { Deps } from '../../platform/deps';
import { loadCampaignAccess, milestoneTeam } from '../campaigns';

/** What the vote dialog shows: GET /api/campaigns/:id/extension-vote. */
export interface ExtensionVoteView {
  /** A vote is open (extension_pending): payments are paused until it resolves. */
  open: boolean;
  /** The round = milestone_count: the milestone voted on (0 before any milestone). */
  round: number;
  milestoneNumber: number | null;
  /** The goal that was reached at that milestone (cents). */
  goalAmount: number | null;
  /** What the goal becomes if every member votes extend (cents). */
  nextGoalAmount: number;
  raisedAmount: number;
  reachedAt: string | null;
  votesCast: number;
  members: { userId: string; username: string | null; isOriginator: boolean; vote: boolean | null }[];
  viewerVote: boolean | null;
  viewerMayVote: boolean;
  /** How the round ended, once every member voted: all extend → 'extended', else 'completed'; null while open or never finished (e.g. cancelled). */
  outcome: 'extended' | 'completed' | null;
}

/** Owner, members, the round's voters and admins see its votes (anyone else: 404, as for the campaign itself). */
export async function getExtensionVote({ db }: Deps, actor: Actor, campaignId: string): Promise<ExtensionVoteView> {
  const viewer = authorize(actor, 'vote.read');
  const access = await loadCampaignAccess(db, viewer, campaignId);
  if (!access) throw notFound('Campaign not found');
  const c = access.campaign;
  const round = c.milestoneCount;
  const [team, votes, milestone] = await Promise.all([
    milestoneTeam(db, campaignId, round),
    db
      .select({ userId: campaignExtensionVotes.userId, vote: campaignExtensionVotes.vote })
      .from(campaignExtensionVotes)
      .where(and(eq(campaignExtensionVotes.campaignId, campaignId), eq(campaignExtensionVotes.round, round))),
    db
      .select()
      .from(campaignMilestones)
      .where(and(eq(campaignMilestones.campaignId, campaignId), eq(campaignMilestones.milestoneNumber, round)))
      .get(),
  ]);
  const isVoter = team.some((m) => m.userId === viewer.userId);
  const related = isVoter || access.relation.isOwner || access.relation.isMember || access.relation.isAdmin;
  if (!related) throw notFound('Campaign not found');
  const byUser = new Map(votes.map((v) => [v.userId, v.vote]));
  const viewerVote = byUser.get(viewer.userId) ?? null;
  const finished = !c.extensionPending && round > 0 && team.length > 0 && team.every((m) => byUser.has(m.userId));
  const outcome = finished ? (team.every((m) => byUser.get(m.userId) === true) ? 'extended' : 'completed') : null;
  return {
    open: c.extensionPending,
    round,
    milestoneNumber: milestone?.milestoneNumber ?? null,
    goalAmount: milestone?.goalAmount ?? null,
    nextGoalAmount: (milestone?.goalAmount ?? c.goalAmount) + c.fundingIncrement,
    raisedAmount: c.currentAmount,
    reachedAt: milestone?.reachedAt ? milestone.reachedAt.toISOString() : null,
    votesCast: c.extensionPending ? c.extensionVotes : votes.length,
    members: team.map((m) => ({
      userId: m.userId,
      username: m.username,
      isOriginator: m.isOriginator,
      vote: byUser.get(m.userId) ?? null,
    })),
    viewerVote,
    viewerMayVote: c.extensionPending && isVoter && viewerVote === null,
    outcome,
  };
}
