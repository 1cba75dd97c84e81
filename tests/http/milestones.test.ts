import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  campaignContributors,
  campaignExtensionVotes,
  campaignMilestones,
  campaigns,
  checkoutSessions,
  videos,
} from '../../functions/db/schema';
import { computeShares } from '../../functions/domain/campaigns/shares';
import { WEBHOOK_PATHS } from '../../functions/payments/stripe';
import { openPlatform } from '../../scripts/lib/platform';
import { retryBusy } from '../support/busy';
import { expectLedgerBalanced } from '../support/ledger';
import { type OwnServer, ownServer } from '../support/own-server';
import { sessionCompleted, signature, testPayment } from '../support/stripe-fixtures';

/**
 * The milestone and the vote against the running worker (wrangler dev on workerd, real D1): 200
 * concurrent webhook deliveries crossing a goal make one milestone, and concurrent votes count once.
 * Rows are seeded through the platform proxy on the server's own persisted state.
 */
const base = () => server.url;

let platform: Awaited<ReturnType<typeof openPlatform>>;
let server: OwnServer;
// This file writes the server's database through the platform proxy: a server of its own.
beforeAll(async () => {
  server = await ownServer('milestones');
  platform = await openPlatform(server.state);
}, 600_000);
afterAll(async () => {
  await platform?.dispose();
  await server?.stop();
});

async function signUp(prefix: string) {
  const name = `${prefix}_${crypto.randomUUID().slice(0, 8)}`;
  const res = await fetch(`${base()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base() },
    body: JSON.stringify({ email: `${name}@example.test`, password: 'milestone-password-1', name }),
  });
  expect(res.status).toBe(200);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${base()}/api/me`, { headers: { cookie } })).json()) as { user: { id: string } };
  return { id: me.user.id, cookie };
}

async function deliver(event: unknown) {
  const body = JSON.stringify(event);
  return fetch(`${base()}${WEBHOOK_PATHS.platform}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': await signature(body) },
    body,
  });
}

const vote = (who: { id: string; cookie: string }, campaignId: string, v: boolean) =>
  fetch(`${base()}/api/functions/vote-campaign-extension`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base(), cookie: who.cookie },
    body: JSON.stringify({ campaignId, userId: who.id, vote: v }),
  });

describe('milestone and vote over HTTP', () => {
  it('200 concurrent deliveries crossing the goal give one milestone; concurrent votes count once; the round resolves once', async () => {
    const db = platform.db;
    const [owner, member] = [await signUp('owner'), await signUp('member')];
    const movieId = crypto.randomUUID();
    const shares = computeShares(10, 1);
    const id = crypto.randomUUID();
    await retryBusy(() =>
      db.batch([
        db
          .insert(videos)
          .values({ id: movieId, title: 'HTTP milestone film', contributorId: owner.id, reviewStatus: 'approved' }),
        db.insert(campaigns).values({
          id,
          movieId,
          title: 'HTTP milestone campaign',
          status: 'live',
          goalAmount: 20_000,
          initialGoalAmount: 20_000,
          fundingIncrement: 100_000,
          originatorSharePermille: shares.originatorPermille,
          endDate: '2099-01-01',
        }),
        db.insert(campaignContributors).values({
          campaignId: id,
          contributorId: member.id,
          sharePermille: shares.contributorPermille,
          role: 'Editor',
          approved: true,
          approvedAt: new Date(),
        }),
      ]),
    );
    const payments = Array.from({ length: 200 }, (_, i) => testPayment(100 + i, id));
    // Their Checkout Sessions predate the milestone: all of them are money in flight, all credited.
    for (let i = 0; i < payments.length; i += 20) {
      const chunk = payments.slice(i, i + 20).map((p) =>
        db.insert(checkoutSessions).values({
          id: p.sessionId,
          reference: p.checkoutRef,
          campaignId: id,
          guestEmail: 'guest@example.test',
          amountCents: p.amountCents,
          currency: 'usd',
          status: 'complete',
          expiresAt: new Date(Date.now() + 3_600_000),
          createdAt: new Date(Date.now() - 60_000),
        }),
      );
      const [first, ...rest] = chunk;
      if (first) await retryBusy(() => db.batch([first, ...rest]));
    }

    const results = await Promise.all(payments.map((p) => deliver(sessionCompleted(p))));
    expect(results.map((r) => r.status).filter((s) => s !== 200)).toEqual([]);
    const sum = payments.reduce((s, p) => s + p.amountCents, 0);
    expect(await retryBusy(() => db.select().from(campaigns).where(eq(campaigns.id, id)).get())).toMatchObject({
      currentAmount: sum,
      milestoneCount: 1,
      extensionPending: true,
      extensionVotes: 0,
    });
    expect(
      await retryBusy(() => db.select().from(campaignMilestones).where(eq(campaignMilestones.campaignId, id))),
    ).toHaveLength(1);

    const ownerVotes = await Promise.all(Array.from({ length: 10 }, () => vote(owner, id, true)));
    expect(ownerVotes.map((r) => r.status)).toEqual(Array(10).fill(200));
    expect((await retryBusy(() => db.select().from(campaigns).where(eq(campaigns.id, id)).get()))?.extensionVotes).toBe(
      1,
    );
    expect(
      await retryBusy(() => db.select().from(campaignExtensionVotes).where(eq(campaignExtensionVotes.campaignId, id))),
    ).toHaveLength(1);

    const finals = await Promise.all(Array.from({ length: 5 }, () => vote(member, id, true)));
    for (const r of finals) expect(await r.json()).toEqual({ votingComplete: true });
    expect(await retryBusy(() => db.select().from(campaigns).where(eq(campaigns.id, id)).get())).toMatchObject({
      goalAmount: 120_000,
      extensionPending: false,
      extensionVotes: 2,
    });
    await retryBusy(() => expectLedgerBalanced(db));
  }, 180_000);
});
