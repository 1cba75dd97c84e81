import { eq } from 'drizzle-orm';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../functions/auth/viewer';
import { campaignExtensionVotes, campaignMilestones, campaigns, videos } from '../../functions/db/schema';
import type { CampaignStatus } from '../../functions/domain/campaigns/status';
import { getFilmTeam } from '../../functions/services/campaigns';
import { getFilm } from '../../functions/services/catalogue';
import type { CampaignAnalytics, MemberStatement } from '../../functions/services/insights';
import { type CampaignBreakdown, filmBreakdown, filmCampaignView } from '../../functions/services/insights';
import { filmFunding } from '../../functions/services/payments';
import { ANYONE } from '../support/actors';
import { expectLedgerBalanced, handWrittenRelease } from '../support/ledger';
import { postLedgerGroup } from '../support/post-ledger';
import { type CampaignFixture, makeCampaign, makeFilm } from './campaign-factories';
import { asViewer, jsonInit, makeUser, type TestUser } from './factories';
import { type Paid, pay, payout, raisedOf, refund, release, reversal, setTitle } from './insights-support';
import { db } from './stripe-support';
import { call, testDeps } from './worker-call';

afterEach(async () => {
  await expectLedgerBalanced(db());
});

const get = (path: string, user?: TestUser | null) => call(path, { headers: user ? { cookie: user.cookie } : {} });
const breakdownOf = async (id: string, user?: TestUser | null) => {
  const res = await get(`/api/campaigns/${id}/breakdown`, user);
  expect(res.status).toBe(200);
  return (await res.json<{ breakdown: CampaignBreakdown }>()).breakdown;
};
const statementOf = async (user: TestUser, campaignId?: string) => {
  const res = await get(`/api/me/statement${campaignId ? `?campaignId=${campaignId}` : ''}`, user);
  expect(res.status).toBe(200);
  return (await res.json<{ statement: MemberStatement }>()).statement;
};

/**
 * One campaign through the whole flow: five payments (a signed-in payer twice, a guest twice with
 * one email, another payer), milestone 1 released from the first two, the first member paid out
 * and 2.00 of it reversed, one payment refunded.
 */
interface Story {
  campaign: CampaignFixture;
  m1: TestUser;
  m2: TestUser;
  payerA: TestUser;
  payerB: TestUser;
  payments: Paid[];
}
let story: Story;

beforeAll(async () => {
  const [m1, m2, payerA, payerB] = [
    await makeUser([], 'm1'),
    await makeUser([], 'm2'),
    await makeUser([], 'payer'),
    await makeUser([], 'payer'),
  ];
  const campaign = await makeCampaign({
    status: 'live',
    members: [
      { user: m1, approved: true },
      { user: m2, approved: true },
    ],
  });
  const payments = [
    await pay(campaign.id, 2500, { userId: payerA.id }),
    await pay(campaign.id, 1501, { guestEmail: 'fan@example.test' }),
    await pay(campaign.id, 1000, { userId: payerA.id }),
    await pay(campaign.id, 777, { userId: payerB.id }),
    await pay(campaign.id, 222, { guestEmail: 'FAN@example.test' }),
  ];
  // computeShares(10 %, 2 members): 30.0 % each, originator 30.0 %.
  const r = await release(campaign.id, 1, payments.slice(0, 2), 10, [
    { userId: campaign.owner.id, permille: 300, isOriginator: true },
    { userId: m1.id, permille: 300 },
    { userId: m2.id, permille: 300 },
  ]);
  const m1Payout = r.payoutIds.get(m1.id) as string;
  await payout(campaign.id, m1.id, m1Payout, 1200);
  await reversal(campaign.id, m1.id, m1Payout, 200);
  await refund(payments[2] as Paid);
  await db()
    .insert(campaignMilestones)
    .values({
      campaignId: campaign.id,
      milestoneNumber: 1,
      goalAmount: 4000,
      reachedAt: new Date('2026-11-20T10:00:00Z'),
      payoutStatus: 'completed',
    });
  await db()
    .insert(campaignExtensionVotes)
    .values([
      { campaignId: campaign.id, round: 1, userId: campaign.owner.id, vote: true },
      { campaignId: campaign.id, round: 1, userId: m1.id, vote: true },
      { campaignId: campaign.id, round: 1, userId: m2.id, vote: false },
    ]);
  story = { campaign, m1, m2, payerA, payerB, payments };
});

describe('GET /api/campaigns/:id/breakdown', () => {
  it('shows raised, released, fee, escrow, refunds and each member earned and paid, to anyone', async () => {
    const { campaign, m1, m2 } = story;
    const b = await breakdownOf(campaign.id, null);
    // Gross 4,001 released: fee floor(10 %) = 400; 30 % each = 1,200; the leftover cent to the originator.
    expect(b).toMatchObject({
      campaignId: campaign.id,
      movieId: campaign.movieId,
      status: 'live',
      raisedCents: 6000 - 1000,
      releasedCents: 4001,
      feePercent: 10,
      feeCents: 400,
      escrowCents: 6000 - 4001 - 1000,
      refundedCents: 1000,
    });
    expect(b.raisedCents).toBe(await raisedOf(campaign.id));
    expect(b.members.map((m) => [m.userId, m.role, m.sharePermille, m.earnedCents, m.paidCents])).toEqual([
      [campaign.owner.id, 'Originator', 300, 1201, 0],
      [m1.id, 'Editor', 300, 1200, 1000],
      [m2.id, 'Editor', 300, 1200, 0],
    ]);
    expect(b.members.map((m) => m.username)).toEqual([campaign.owner.username, m1.username, m2.username]);
  });

  it('a campaign with no money yet shows zeros, each member listed', async () => {
    const m = await makeUser([], 'm');
    const c = await makeCampaign({ status: 'paused', members: [{ user: m, approved: true }] });
    const b = await breakdownOf(c.id, null);
    expect(b).toMatchObject({ raisedCents: 0, releasedCents: 0, feeCents: 0, escrowCents: 0, refundedCents: 0 });
    expect(b.members.map((x) => [x.userId, x.earnedCents, x.paidCents])).toEqual([
      [c.owner.id, 0, 0],
      [m.id, 0, 0],
    ]);
  });

  it('lists the agreed split in force, not a pending invitee; a member a later version removed stays as a former member', async () => {
    const pending = await makeUser([], 'pending');
    const gone = await makeUser([], 'gone');
    const c = await makeCampaign({ status: 'live', members: [{ user: gone, approved: true }] });
    const p = await pay(c.id, 1000, { guestEmail: 'x@example.test' });
    // Version 1 (originator and gone, 45.0 % each) paid the money raised under it.
    await release(c.id, 1, [p], 10, [
      { userId: c.owner.id, permille: 450, isOriginator: true },
      { userId: gone.id, permille: 450 },
    ]);
    // Removing gone leaves nobody to ask: version 2 (the originator alone). Then pending is invited.
    const [goneRow] = c.members;
    expect(
      (await call(`/api/campaigns/${c.id}/members/${goneRow?.memberId}`, jsonInit('DELETE', undefined, c.owner.cookie)))
        .status,
    ).toBe(200);
    const invite = { userId: pending.id, role: 'Editor' };
    expect((await call(`/api/campaigns/${c.id}/members`, jsonInit('POST', invite, c.owner.cookie))).status).toBe(201);
    const b = await breakdownOf(c.id, null);
    expect(b.members.map((m) => [m.userId, m.role, m.sharePermille, m.earnedCents])).toEqual([
      [c.owner.id, 'Originator', 900, 450],
      [gone.id, 'Former member', null, 450],
    ]);
    expect(b.split.agreed?.version).toBe(2);
    expect(b.split.proposal?.waitingFor).toEqual([pending.username]);
  });

  it('reads accounts by name: a release whose group and lines carry no campaign or user still counts', async () => {
    const m = await makeUser([], 'm');
    const c = await makeCampaign({ status: 'live', members: [{ user: m, approved: true }] });
    const p = await pay(c.id, 2000, { guestEmail: 'n@example.test' });
    await postLedgerGroup(
      db(),
      {
        idempotencyKey: `release:${c.id}:1`,
        kind: 'release',
        currency: 'usd',
        lines: [
          { account: `escrow:${c.id}`, amountCents: -2000 },
          { account: 'fee:platform', amountCents: 200 },
          { account: `payable:${c.id}:${c.owner.id}`, amountCents: 900 },
          { account: `payable:${c.id}:${m.id}`, amountCents: 900 },
        ],
      },
      { with: () => [handWrittenRelease(db(), `release:${c.id}:1`, c.id, 2000)] },
    );
    const b = await breakdownOf(c.id, null);
    expect(b).toMatchObject({ raisedCents: p.amountCents, releasedCents: 2000, feeCents: 200, escrowCents: 0 });
    expect(b.members.map((x) => x.earnedCents)).toEqual([900, 900]);
    expect((await statementOf(m, c.id)).totals.payable).toBe(900);
  });

  it.each<[CampaignStatus, number]>([
    ['live', 200],
    ['paused', 200],
    ['completed', 200],
    ['active', 404],
    ['pending_approval', 404],
    ['approved', 404],
    ['cancelled', 404],
    ['rejected', 404],
  ])('a %s campaign: anyone signed out gets %i, its owner, team and admins 200', async (status, publicStatus) => {
    const member = await makeUser([], 'member');
    const outsider = await makeUser(['contributor'], 'outsider');
    const admin = await makeUser(['admin'], 'admin');
    const c = await makeCampaign({ status, members: [{ user: member, approved: false }] });
    const path = `/api/campaigns/${c.id}/breakdown`;
    expect((await get(path, null)).status).toBe(publicStatus);
    expect((await get(path, outsider)).status).toBe(publicStatus);
    for (const who of [c.owner, member, admin]) expect((await get(path, who)).status).toBe(200);
  });

  it('an unknown campaign → 404 with the one error shape', async () => {
    const res = await get('/api/campaigns/no-such-campaign/breakdown', null);
    expect(res.status).toBe(404);
    expect(Object.keys(await res.json())).toEqual(['error']);
  });
});

describe("the film page's campaign view", () => {
  const svc = () => testDeps();
  const catalogued = async (movieId: string, actor: Viewer | null = null) => {
    const film = await getFilm(svc(), actor, movieId);
    if (!film) throw new Error(`film ${movieId} not visible`);
    return film;
  };
  /** What the three verbs give the film page: the funding anyone sees, the breakdown, the team. */
  const deps = async (movieId: string, actor: Viewer | null = null) => {
    const funding = await filmFunding(svc(), ANYONE, movieId);
    return {
      funding,
      breakdown: funding ? await filmBreakdown(svc(), actor, funding.campaignId) : null,
      team: (await getFilmTeam(svc(), actor, movieId)).team,
    };
  };

  it('gives the funding, breakdown and team the three deps give', async () => {
    const { campaign, m1, m2 } = story;
    const view = await filmCampaignView(svc(), ANYONE, await catalogued(campaign.movieId));
    expect(view).toEqual(await deps(campaign.movieId));
    expect(view?.breakdown?.members.map((m) => m.userId)).toEqual([campaign.owner.id, m1.id, m2.id]);
    expect(view?.funding?.raisedCents).toBe(await raisedOf(campaign.id));
  });

  it('the same with a member removed after a release, one the ledger alone names, and one who has not approved', async () => {
    const [gone, stays, legacy, pending] = [
      await makeUser([], 'gone'),
      await makeUser([], 'stays'),
      await makeUser([], 'legacy'),
      await makeUser([], 'pending'),
    ];
    const c = await makeCampaign({ status: 'live', members: [{ user: gone, approved: true }] });
    const p = await pay(c.id, 1000, { guestEmail: 'x@example.test' });
    // Version 1 (originator and gone, 45.0 % each) paid the money raised under it.
    await release(c.id, 1, [p], 10, [
      { userId: c.owner.id, permille: 450, isOriginator: true },
      { userId: gone.id, permille: 450 },
    ]);
    // A payable written before agreements were kept names someone in no version of the split.
    await pay(c.id, 500, { guestEmail: 'y@example.test' });
    await postLedgerGroup(
      db(),
      {
        idempotencyKey: `release:${c.id}:2`,
        kind: 'release',
        currency: 'usd',
        lines: [
          { account: `escrow:${c.id}`, amountCents: -500 },
          { account: `payable:${c.id}:${legacy.id}`, amountCents: 500 },
        ],
      },
      { with: () => [handWrittenRelease(db(), `release:${c.id}:2`, c.id, 500)] },
    );
    // Removing gone agrees version 2 (nobody left to ask); stays joins (version 3); pending is invited.
    const [goneRow] = c.members;
    const removal = jsonInit('DELETE', undefined, c.owner.cookie);
    expect((await call(`/api/campaigns/${c.id}/members/${goneRow?.memberId}`, removal)).status).toBe(200);
    for (const who of [stays, pending]) {
      const invite = { userId: who.id, role: 'Editor' };
      expect((await call(`/api/campaigns/${c.id}/members`, jsonInit('POST', invite, c.owner.cookie))).status).toBe(201);
    }
    const accept = jsonInit('POST', {}, stays.cookie);
    expect((await call(`/api/campaigns/${c.id}/invitation/accept`, accept)).status).toBe(200);

    const view = await filmCampaignView(svc(), ANYONE, await catalogued(c.movieId));
    expect(view).toEqual(await deps(c.movieId));
    expect(view?.breakdown?.members.map((m) => [m.userId, m.role])).toEqual(
      expect.arrayContaining([
        [gone.id, 'Former member'],
        [legacy.id, 'Former member'],
      ]),
    );
    expect(view?.breakdown?.members.find((m) => m.userId === legacy.id)?.username).toBe(legacy.username);
    expect(view?.team.map((t) => t.userId)).toEqual([c.owner.id, stays.id]);
    expect(view?.funding?.split.proposal?.waitingFor).toContain(pending.username);
  });

  it('no money for a campaign that is not public, none for a film out of the catalogue; the team always', async () => {
    const m = await makeUser([], 'm');
    const c = await makeCampaign({ status: 'active', members: [{ user: m, approved: true }] });
    const view = await filmCampaignView(svc(), ANYONE, await catalogued(c.movieId));
    expect(view).toEqual({ funding: null, breakdown: null, team: (await deps(c.movieId)).team });
    expect(view?.team.map((t) => t.userId)).toEqual([c.owner.id, m.id]);

    const live = await makeCampaign({ status: 'live', members: [{ user: m, approved: true }] });
    await db().update(videos).set({ reviewStatus: 'pending' }).where(eq(videos.id, live.movieId));
    const owner = asViewer(live.owner, ['contributor']);
    const own = await filmCampaignView(svc(), owner, await catalogued(live.movieId, owner));
    expect(own).toEqual({ funding: null, breakdown: null, team: (await deps(live.movieId, owner)).team });
    expect(own?.team.map((t) => t.userId)).toEqual([live.owner.id, m.id]);
    // Anyone else may not see the film, so nothing of its campaign either.
    const film = await catalogued(live.movieId, owner);
    expect(await filmCampaignView(svc(), ANYONE, film)).toBeNull();
  });

  it('a film without a campaign: its originator alone', async () => {
    const owner = await makeUser(['contributor'], 'solo');
    const movieId = await makeFilm(owner.id);
    const view = await filmCampaignView(svc(), ANYONE, await catalogued(movieId));
    expect(view).toEqual({ funding: null, breakdown: null, team: (await deps(movieId)).team });
    expect(view?.team).toEqual([
      { userId: owner.id, username: owner.username, avatarUrl: null, role: 'Originator', isOriginator: true },
    ]);
  });
});

describe('GET /api/me/statement', () => {
  it("a member's lines of one campaign, oldest first, with running payable, paid and reversed balances", async () => {
    const { campaign, m1 } = story;
    const s = await statementOf(m1, campaign.id);
    expect(s.campaignId).toBe(campaign.id);
    expect(s.lines.map((l) => [l.kind, l.account, l.amountCents, l.balances])).toEqual([
      ['release', 'payable', 1200, { payable: 1200, paid: 0, reversed: 0 }],
      ['payout', 'payable', -1200, { payable: 0, paid: 0, reversed: 0 }],
      ['payout', 'paid', 1200, { payable: 0, paid: 1200, reversed: 0 }],
      ['payout_reversal', 'paid', -200, { payable: 0, paid: 1000, reversed: 0 }],
      ['payout_reversal', 'reversed', 200, { payable: 0, paid: 1000, reversed: 200 }],
    ]);
    expect(s.lines.map((l) => l.description)).toEqual([
      'Your share of milestone 1',
      'Payout of milestone 1 sent to your Stripe account',
      'Payout of milestone 1 received',
      'Transfer reversed',
      'Transfer reversed: returned to the platform',
    ]);
    const { title } =
      (await db().select({ title: campaigns.title }).from(campaigns).where(eq(campaigns.id, campaign.id)).get()) ?? {};
    for (const l of s.lines) {
      expect(l.campaignId).toBe(campaign.id);
      expect(l.campaignTitle).toBe(title);
      expect(Number.isNaN(Date.parse(l.date))).toBe(false);
    }
    expect(s.totals).toEqual({ payable: 0, paid: 1000, reversed: 200 });
  });

  it("shows only the caller's own lines", async () => {
    const { campaign, m2 } = story;
    const mine = await statementOf(m2, campaign.id);
    expect(mine.lines.map((l) => [l.kind, l.account, l.amountCents])).toEqual([['release', 'payable', 1200]]);
    const owner = await statementOf(campaign.owner, campaign.id);
    expect(owner.lines.map((l) => [l.kind, l.amountCents])).toEqual([['release', 1201]]);
  });

  it('without a campaign: every campaign of the member, each line named with its campaign', async () => {
    const member = await makeUser([], 'multi');
    const a = await makeCampaign({ status: 'live', members: [{ user: member, approved: true }] });
    const b = await makeCampaign({ status: 'live', members: [{ user: member, approved: true }] });
    for (const c of [a, b]) {
      const p = await pay(c.id, 1000, { guestEmail: 'y@example.test' });
      await release(c.id, 1, [p], 10, [
        { userId: c.owner.id, permille: 450, isOriginator: true },
        { userId: member.id, permille: 450 },
      ]);
    }
    const s = await statementOf(member);
    expect(s.campaignId).toBeNull();
    expect(s.lines.map((l) => l.campaignId).sort()).toEqual([a.id, b.id].sort());
    expect(s.lines.map((l) => l.balances.payable)).toEqual([450, 900]);
    expect(s.totals).toEqual({ payable: 900, paid: 0, reversed: 0 });
  });

  it('a team member with no money yet gets an empty statement', async () => {
    const member = await makeUser([], 'new');
    const c = await makeCampaign({ status: 'live', members: [{ user: member, approved: false }] });
    expect((await statementOf(member, c.id)).lines).toEqual([]);
  });

  it('401 signed out; 404 for an unknown campaign or one the caller has nothing to do with (admins too)', async () => {
    const { campaign } = story;
    expect((await get(`/api/me/statement?campaignId=${campaign.id}`, null)).status).toBe(401);
    expect((await get('/api/me/statement', null)).status).toBe(401);
    const outsider = await makeUser(['contributor'], 'outsider');
    const admin = await makeUser(['admin'], 'admin');
    for (const who of [outsider, admin]) {
      expect((await get(`/api/me/statement?campaignId=${campaign.id}`, who)).status).toBe(404);
      expect((await get(`/api/me/statement.csv?campaignId=${campaign.id}`, who)).status).toBe(404);
    }
    expect((await get('/api/me/statement?campaignId=no-such-campaign', story.m1)).status).toBe(404);
    expect((await get('/api/me/statement.csv?campaignId=no-such-campaign', story.m1)).status).toBe(404);
    expect((await statementOf(outsider)).lines).toEqual([]);
  });
});

describe('GET /api/me/statement.csv', () => {
  it('an attachment with a header row, dollars with two decimals and running balances', async () => {
    const { campaign, m1 } = story;
    const res = await get(`/api/me/statement.csv?campaignId=${campaign.id}`, m1);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8');
    expect(res.headers.get('content-disposition')).toBe(`attachment; filename="reelfund-statement-${campaign.id}.csv"`);
    const rows = (await res.text()).split('\r\n');
    expect(rows.at(-1)).toBe('');
    expect(rows[0]).toBe(
      'Date,Campaign,Kind,Description,Account,Amount (USD),Payable balance (USD),Paid balance (USD),Reversed balance (USD)',
    );
    const body = rows.slice(1, -1).map((r) => r.split(',').slice(2));
    expect(body).toEqual([
      ['release', 'Your share of milestone 1', 'payable', '12.00', '12.00', '0.00', '0.00'],
      ['payout', 'Payout of milestone 1 sent to your Stripe account', 'payable', '-12.00', '0.00', '0.00', '0.00'],
      ['payout', 'Payout of milestone 1 received', 'paid', '12.00', '0.00', '12.00', '0.00'],
      ['payout_reversal', 'Transfer reversed', 'paid', '-2.00', '0.00', '10.00', '0.00'],
      ['payout_reversal', 'Transfer reversed: returned to the platform', 'reversed', '2.00', '0.00', '10.00', '2.00'],
    ]);
  });

  it('quotes fields with commas and quotes, and defuses text a spreadsheet would run as a formula', async () => {
    const member = await makeUser([], 'csv');
    const quoted = await makeCampaign({ status: 'live', members: [{ user: member, approved: true }] });
    const formula = await makeCampaign({ status: 'live', members: [{ user: member, approved: true }] });
    await setTitle(quoted.id, 'The "Night", part 1');
    await setTitle(formula.id, '=HYPERLINK("http://x.test","y")');
    for (const c of [quoted, formula]) {
      const p = await pay(c.id, 1001, { guestEmail: 'z@example.test' });
      await release(c.id, 1, [p], 10, [
        { userId: c.owner.id, permille: 450, isOriginator: true },
        { userId: member.id, permille: 450 },
      ]);
    }
    const csv = await (await get('/api/me/statement.csv', member)).text();
    expect(csv).toContain(',"The ""Night"", part 1",release,Your share of milestone 1,payable,4.50,');
    expect(csv).toContain(`,"'=HYPERLINK(""http://x.test"",""y"")",release,`);
    expect(csv).not.toMatch(/,=HYPERLINK/);
    const res = await get('/api/me/statement.csv', member);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="reelfund-statement.csv"');
  });

  it('401 signed out', async () => {
    expect((await get('/api/me/statement.csv', null)).status).toBe(401);
  });
});

describe('GET /api/campaigns/:id/analytics', () => {
  const analyticsOf = async (id: string, user: TestUser) => {
    const res = await get(`/api/campaigns/${id}/analytics`, user);
    expect(res.status).toBe(200);
    return (await res.json<{ analytics: CampaignAnalytics }>()).analytics;
  };

  it('money over time, backers, payments, refunds, milestones, votes and ledger totals', async () => {
    const { campaign } = story;
    const a = await analyticsOf(campaign.id, campaign.owner);
    expect(a).toMatchObject({
      campaignId: campaign.id,
      raisedCents: 5000,
      // payer A (twice), the guest (twice, one email in two cases), payer B
      backers: 3,
      paymentsCount: 5,
      paymentsCents: 6000,
      averagePaymentCents: 1200,
      refundsCount: 1,
      refundedCents: 1000,
      milestones: [
        { milestoneNumber: 1, goalAmount: 4000, reachedAt: '2026-11-20T10:00:00.000Z', payoutStatus: 'completed' },
      ],
      votes: [{ round: 1, extend: 2, complete: 1 }],
      ledger: {
        escrowCents: 999,
        releasedCents: 4001,
        feeCents: 400,
        // originator 1,201 and m2 1,200 not yet paid out; m1 paid 1,200, 200 of it reversed
        payablesCents: 2401,
        paidCents: 1000,
        reversedCents: 200,
      },
    });
    // Every day from the day before the first payment; the running total ends at what was raised.
    expect(a.daily.length).toBeGreaterThanOrEqual(2);
    expect(a.daily[0]).toMatchObject({ raisedCents: 0, cumulativeCents: 0 });
    expect(a.daily.at(-1)?.cumulativeCents).toBe(5000);
    expect(a.daily.reduce((t, d) => t + d.raisedCents, 0)).toBe(5000);
  });

  it('owner, approved team members and admins get it; an invitee, anyone else and an unknown id get 404', async () => {
    const { campaign, m1 } = story;
    const invitee = await makeUser([], 'invitee');
    const c = await makeCampaign({
      status: 'live',
      members: [
        { user: m1, approved: true },
        { user: invitee, approved: false },
      ],
    });
    const admin = await makeUser(['admin'], 'admin');
    const outsider = await makeUser(['contributor'], 'outsider');
    const path = `/api/campaigns/${c.id}/analytics`;
    for (const who of [c.owner, m1, admin]) expect((await get(path, who)).status).toBe(200);
    for (const who of [invitee, outsider, story.payerA]) expect((await get(path, who)).status).toBe(404);
    expect((await get(path, null)).status).toBe(401);
    expect((await get('/api/campaigns/no-such-campaign/analytics', admin)).status).toBe(404);
    expect((await get(`/api/campaigns/${campaign.id}/analytics`, outsider)).status).toBe(404);
  });

  it('a campaign without payments: zeros and a flat two-day series', async () => {
    const c = await makeCampaign({ status: 'live' });
    const a = await analyticsOf(c.id, c.owner);
    expect(a).toMatchObject({ backers: 0, paymentsCount: 0, averagePaymentCents: 0, refundsCount: 0, votes: [] });
    expect(a.daily.map((d) => d.cumulativeCents)).toEqual([0, 0]);
  });
});
