import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaignExtensionVotes, campaigns } from '../../functions/db/schema';
import { db, makeCampaign } from './campaign-factories';
import { jsonInit, makeUser } from './factories';
import { call } from './worker-call';

interface Row {
  id: string;
  voteNeeded: boolean;
}
interface Mine {
  campaigns: Row[];
  memberships: Row[];
  invitations: Row[];
}

const mine = async (cookie: string) => {
  const res = await call('/api/campaigns/mine', jsonInit('GET', undefined, cookie));
  expect(res.status).toBe(200);
  return res.json<Mine>();
};

describe('the Campaigns tab marks campaigns waiting for the viewer’s milestone vote', () => {
  it('owner and approved members see Vote until they have voted this round; invitees never do', async () => {
    const member = await makeUser(['contributor'], 'member');
    const invitee = await makeUser(['viewer'], 'invitee');
    const c = await makeCampaign({
      status: 'live',
      members: [
        { user: member, approved: true },
        { user: invitee, approved: false },
      ],
    });
    expect((await mine(c.owner.cookie)).campaigns.find((r) => r.id === c.id)?.voteNeeded).toBe(false);

    await db().update(campaigns).set({ extensionPending: true, milestoneCount: 1 }).where(eq(campaigns.id, c.id));
    expect((await mine(c.owner.cookie)).campaigns.find((r) => r.id === c.id)?.voteNeeded).toBe(true);
    expect((await mine(member.cookie)).memberships.find((r) => r.id === c.id)?.voteNeeded).toBe(true);
    expect((await mine(invitee.cookie)).invitations.find((r) => r.id === c.id)?.voteNeeded).toBe(false);

    // A vote of an earlier round does not count; this round's does.
    await db().insert(campaignExtensionVotes).values({ campaignId: c.id, round: 0, userId: c.owner.id, vote: true });
    expect((await mine(c.owner.cookie)).campaigns.find((r) => r.id === c.id)?.voteNeeded).toBe(true);
    await db().insert(campaignExtensionVotes).values({ campaignId: c.id, round: 1, userId: c.owner.id, vote: true });
    expect((await mine(c.owner.cookie)).campaigns.find((r) => r.id === c.id)?.voteNeeded).toBe(false);
    expect((await mine(member.cookie)).memberships.find((r) => r.id === c.id)?.voteNeeded).toBe(true);
  });
});
