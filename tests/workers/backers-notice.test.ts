import { describe, expect, it } from 'vitest';
import { makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser, uid } from './factories';
import { deliver, payRecorded as pay, registerMoneyTestHooks } from './stripe-support';
import { call } from './worker-call';

registerMoneyTestHooks();

interface Note {
  id: string;
  type: string;
  title: string;
  message: string;
  isRead: boolean;
  campaignId: string | null;
  target: string;
}

async function notesOf(user: TestUser, campaignId: string) {
  const res = await call('/api/notifications?limit=50', { headers: { cookie: user.cookie } });
  expect(res.status).toBe(200);
  const { items } = await res.json<{ items: Note[] }>();
  return items.filter((n) => n.campaignId === campaignId && n.type === 'success');
}

describe('the team hears of payments: one unread notice per member and campaign, updated in place', () => {
  it('counts distinct backers and sums their payments for every member, once per payment however often announced', async () => {
    const member = await makeUser(['contributor'], 'member');
    const campaign = await makeCampaign({ status: 'live', members: [{ user: member, approved: true }] });
    const fan = await makeUser();
    const first = await pay(campaign.id, 2_500, { userId: fan.id });
    for (const who of [campaign.owner, member]) {
      const notes = await notesOf(who, campaign.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]).toMatchObject({ message: '1 new backer · $25.00', isRead: false });
      expect(notes[0]?.target).toBe(`/movie/${campaign.movieId}/donate`);
    }
    // The same event again (Stripe retries) changes nothing; the same fan again is still one backer.
    expect((await deliver(first)).status).toBe(200);
    await pay(campaign.id, 1_000, { userId: fan.id });
    await pay(campaign.id, 120_000, { guestEmail: `Fan-${uid()}@Example.test` });
    for (const who of [campaign.owner, member]) {
      const notes = await notesOf(who, campaign.id);
      expect(notes).toHaveLength(1);
      expect(notes[0]?.message).toBe('2 new backers · $1,235.00');
    }
  });

  it('once read, the next payment starts a new notice; an outsider hears nothing', async () => {
    const campaign = await makeCampaign({ status: 'live' });
    const outsider = await makeUser(['contributor']);
    await pay(campaign.id, 500, { guestEmail: 'one@example.test' });
    const [note] = await notesOf(campaign.owner, campaign.id);
    expect(note?.message).toBe('1 new backer · $5.00');
    const read = await call(`/api/notifications/${note?.id}/read`, jsonInit('POST', {}, campaign.owner.cookie));
    expect(read.status).toBe(200);
    await pay(campaign.id, 700, { guestEmail: 'one@example.test' });
    const notes = await notesOf(campaign.owner, campaign.id);
    expect(notes.map((n) => [n.message, n.isRead])).toEqual([
      ['1 new backer · $7.00', false],
      ['1 new backer · $5.00', true],
    ]);
    expect(await notesOf(outsider, campaign.id)).toEqual([]);
  });
});
