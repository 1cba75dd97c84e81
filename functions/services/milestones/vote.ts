import { and, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaignExtensionVotes, campaigns } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { conflict, forbidden, notFound } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import { voteInput } from '../../domain/milestones/input';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { isUniqueViolation, loadCampaignAccess, milestoneTeam } from '../campaigns';
import { resolveRound } from './internal/resolve';

export interface VoteInput {
  campaignId: string;
  userId: string;
  /** true: extend to the next milestone; false: complete the campaign. */
  vote: boolean;
}

const voteOf = (deps: Deps, campaignId: string, round: number, userId: string) =>
  deps.db
    .select({ vote: campaignExtensionVotes.vote })
    .from(campaignExtensionVotes)
    .where(
      and(
        eq(campaignExtensionVotes.campaignId, campaignId),
        eq(campaignExtensionVotes.round, round),
        eq(campaignExtensionVotes.userId, userId),
      ),
    )
    .get();

/**
 * vote-campaign-extension (POST /api/functions/vote-campaign-extension): a voter's vote in the
 * open round (round = milestone_count); the
 * voters are the members of the agreed version in force when the milestone was reached.
 * One vote per member per round (primary key): the same vote again is answered as before, a
 * different one is refused. extension_votes counts the round's votes. When every member has voted
 * the round resolves (resolve.ts), exactly once however many final votes race.
 */
export async function castExtensionVote(
  deps: Deps,
  actor: Actor,
  input: VoteInput,
): Promise<{ votingComplete: boolean }> {
  const viewer = authorize(actor, 'vote.cast-own');
  input = parseInput(voteInput, input);
  const { db } = deps;
  if (input.userId !== viewer.userId) throw forbidden(TEXT.voteOwnOnly);
  const access = await loadCampaignAccess(db, viewer, input.campaignId);
  if (!access) throw notFound('Campaign not found');
  const c = access.campaign;
  const round = c.milestoneCount;
  // The voters are the members of the version in force when the milestone was reached.
  const team = await milestoneTeam(db, input.campaignId, round);
  const voter = team.some((m) => m.userId === viewer.userId);
  const related = voter || access.relation.isOwner || access.relation.isMember || access.relation.isAdmin;
  if (!related) throw notFound('Campaign not found');
  if (!voter) throw forbidden(TEXT.voteMembersOnly);

  // A vote cast before (a retry, a double click): the same vote is answered as before.
  const repeat = async () => {
    const cast = round > 0 ? await voteOf(deps, c.id, round, viewer.userId) : undefined;
    if (!cast) return null;
    if (cast.vote !== input.vote) throw conflict(TEXT.voteAlreadyCast);
    return { votingComplete: await resolveRound(deps, viewer, c.id, round, 'castExtensionVote') };
  };
  const already = await repeat();
  if (already) return already;
  if (!c.extensionPending) throw conflict(TEXT.voteNotOpen);

  const open = sql`exists (select 1 from ${campaigns} where ${campaigns.id} = ${c.id} and ${campaigns.extensionPending} = 1 and ${campaigns.milestoneCount} = ${round})`;
  let inserted: unknown[];
  try {
    const cast = sql`exists (select 1 from ${campaignExtensionVotes} v where v.campaign_id = ${c.id} and v.round = ${round} and v.user_id = ${viewer.userId})`;
    [inserted] = (await new UnitOfWork(deps, viewer)
      .add(
        db
          .insert(campaignExtensionVotes)
          .select((qb) =>
            qb
              .select({
                campaignId: sql<string>`${c.id}`.as('campaign_id'),
                round: sql<number>`${round}`.as('round'),
                userId: sql<string>`${viewer.userId}`.as('user_id'),
                vote: sql<boolean>`${input.vote ? 1 : 0}`.as('vote'),
                createdAt: sql<Date>`cast(unixepoch('subsec') * 1000 as integer)`.as('created_at'),
              })
              .from(sql`(select 1)`)
              .where(open),
          )
          .returning({ userId: campaignExtensionVotes.userId }),
        db
          .update(campaigns)
          .set({
            extensionVotes: sql`(select count(*) from ${campaignExtensionVotes} v where v.campaign_id = ${c.id} and v.round = ${round})`,
          })
          .where(
            and(eq(campaigns.id, c.id), eq(campaigns.milestoneCount, round), eq(campaigns.extensionPending, true)),
          ),
      )
      .audit({
        verb: 'castExtensionVote',
        resourceType: 'campaign',
        resourceId: c.id,
        summary: `“${c.title}”: voted to ${input.vote ? 'extend' : 'complete'} at milestone ${round}`,
        when: cast,
      })
      .commit()) as [unknown[]];
  } catch (err) {
    // The same member's concurrent request won: answer as for a repeated vote.
    if (!isUniqueViolation(err, 'campaign_extension_votes')) throw err;
    const again = await repeat();
    if (again) return again;
    throw err;
  }
  if (inserted.length === 0) throw conflict(TEXT.voteNotOpen);
  return { votingComplete: await resolveRound(deps, viewer, c.id, round, 'castExtensionVote') };
}
