import { eq } from 'drizzle-orm';
import { campaignMilestones, campaigns } from '../../../../functions/db/schema';
import { db } from '../../campaign-factories';
import type { TestUser } from '../../factories';
import type { Fixture, RouteExpectation } from '../types';
import { campaignSetup } from './campaigns';

/**
 * The milestone vote. Setup: a live campaign (owner + an approved member) whose first milestone was
 * reached, so a vote is open. Only the team votes, each only for themself: unrelated users get 404
 * (the campaign is not revealed), an admin who is not on the team 403. The vote's state is read by
 * the team and admins.
 */
async function votingSetup(): Promise<Fixture> {
  const fixture = await campaignSetup('live')();
  const id = fixture.campaignId as string;
  await db().batch([
    db()
      .insert(campaignMilestones)
      .values({ campaignId: id, milestoneNumber: 1, goalAmount: 500_000, reachedAt: new Date() }),
    db()
      .update(campaigns)
      .set({ currentAmount: 0, milestoneCount: 1, extensionPending: true, extensionVotes: 0 })
      .where(eq(campaigns.id, id)),
  ]);
  return fixture;
}

const unrelated = { anonymous: 401, viewer: 404, user: 404, contributor: 404, editor: 404 };

const expectations: RouteExpectation[] = [
  {
    route: 'POST /api/functions/vote-campaign-extension',
    setup: votingSetup,
    request: (a: TestUser | null, f: Fixture) => ({
      path: '/api/functions/vote-campaign-extension',
      body: { campaignId: f.campaignId, userId: a?.id ?? 'nobody', vote: true },
    }),
    expect: { ...unrelated, admin: 403, owner: 200, member: 200 },
  },
  {
    route: 'GET /api/campaigns/:id/extension-vote',
    setup: votingSetup,
    request: (_a, f) => ({ path: `/api/campaigns/${f.campaignId}/extension-vote` }),
    expect: { ...unrelated, admin: 200, owner: 200, member: 200 },
  },
];
export default expectations;
