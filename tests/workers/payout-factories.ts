import { eq, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import { campaignMilestones, campaigns, connectAccounts, payouts } from '../../functions/db/schema';
import { handWrittenRelease } from '../support/ledger';
import { postLedgerGroup } from '../support/post-ledger';
import { makeCampaign } from './campaign-factories';
import { jsonInit, makeUser, type TestUser, uid } from './factories';
import { db, eventually } from './stripe-support';
import { call } from './worker-call';

/**
 * What the vote's release leaves behind, written directly: a payment into the campaign's escrow,
 * milestone 1, the release group `release:<c>:1` (escrow → fee + each member's payable) and one
 * pending payout per member. The ledger stays balanced and raised equals its payment lines. The
 * amounts are the test's, not a split's: a hand-written release (tests/support/ledger.ts).
 */
export async function makeReleasedPayouts(
  opts: { members?: TestUser[]; shareCents?: number[]; feeCents?: number } = {},
) {
  const members = opts.members ?? [await makeUser(['contributor'], 'payee')];
  const shares = opts.shareCents ?? members.map(() => 4500);
  const fee = opts.feeCents ?? 1000;
  const gross = fee + shares.reduce((a, b) => a + b, 0);
  const campaign = await makeCampaign({ status: 'live' });
  const pi = `pi_${uid()}`;
  await postLedgerGroup(
    db(),
    {
      idempotencyKey: `payment:${pi}`,
      kind: 'payment',
      currency: 'usd',
      campaignId: campaign.id,
      paymentIntentId: pi,
      lines: [
        { account: `payer:${pi}`, amountCents: -gross },
        { account: `escrow:${campaign.id}`, amountCents: gross },
      ],
    },
    {
      with: (posted) => [
        db()
          .update(campaigns)
          .set({ currentAmount: sql`${campaigns.currentAmount} + ${gross}` })
          .where(sql`${campaigns.id} = ${campaign.id} and ${posted}`),
      ],
    },
  );
  await db()
    .insert(campaignMilestones)
    .values({ campaignId: campaign.id, milestoneNumber: 1, goalAmount: gross, reachedAt: new Date() });
  const ids = members.map(() => crypto.randomUUID());
  await postLedgerGroup(
    db(),
    {
      idempotencyKey: `release:${campaign.id}:1`,
      kind: 'release',
      currency: 'usd',
      campaignId: campaign.id,
      lines: [
        { account: `escrow:${campaign.id}`, amountCents: -gross },
        { account: 'fee:platform', amountCents: fee },
        ...members.map((m, i) => ({
          account: `payable:${campaign.id}:${m.id}`,
          amountCents: shares[i] as number,
          userId: m.id,
        })),
      ],
    },
    {
      with: () => [
        handWrittenRelease(db(), `release:${campaign.id}:1`, campaign.id, gross),
        ...members.map((m, i) =>
          db()
            .insert(payouts)
            .values({
              id: ids[i],
              campaignId: campaign.id,
              milestoneNumber: 1,
              userId: m.id,
              amountCents: shares[i] as number,
              currency: 'usd',
            }),
        ),
      ],
    },
  );
  return { campaign, members, payoutIds: ids };
}

export const payoutRow = (id: string) => db().select().from(payouts).where(eq(payouts.id, id)).get();

export const milestoneRow = (campaignId: string) =>
  db().select().from(campaignMilestones).where(eq(campaignMilestones.campaignId, campaignId)).get();

export const connectRow = (userId: string) =>
  db().select().from(connectAccounts).where(eq(connectAccounts.userId, userId)).get();

/** POST /api/payouts/connect as `user`: their Express account (made once) and a fresh onboarding link. */
export async function connect(user: TestUser) {
  const res = await call('/api/payouts/connect', jsonInit('POST', {}, user.cookie));
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<{ url: string; stripeAccountId: string }>();
}

/** The member presses "Complete onboarding" on TEST mode's hosted page; account.updated follows. */
export async function onboard(url: string) {
  const path = new URL(url).pathname;
  const res = await call(`${path}/complete`, {
    method: 'POST',
    headers: { origin: 'http://localhost:4321' },
    redirect: 'manual',
  });
  expect(res.status).toBe(303);
  expect(res.headers.get('location')).toBe('http://localhost:4321/stripe-setup-complete');
}

/** A member (new, or the one given) with a connected account that finished onboarding (transfers active). */
export async function readyMember(user?: TestUser) {
  const member = user ?? (await makeUser(['contributor'], 'payee'));
  const { url } = await connect(member);
  await onboard(url);
  await eventually(async () => (await connectRow(member.id))?.transfersActive, 'account.updated');
  return member;
}
