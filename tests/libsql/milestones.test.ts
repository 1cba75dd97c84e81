import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import {
  campaignContributors,
  campaignMilestones,
  campaigns,
  checkoutSessions,
  escrowClaims,
  ledgerEntries,
  ledgerGroups,
  payouts,
  videos,
} from '../../functions/db/schema';
import { computeShares } from '../../functions/domain/campaigns/shares';
import { castExtensionVote } from '../../functions/services/milestones';
import { receiveStripeEvent } from '../../functions/services/webhooks';
import { TEST_SYSTEM } from '../support/actors';
import { libsqlDeps, stripeNotExpected } from '../support/libsql';
import { insertPerson, libsqlForFile } from '../support/libsql-fixtures';
import { sessionCompleted, testPayment } from '../support/stripe-fixtures';

/** The milestone statements (in the credit batch) and the vote's release batch on the production driver. */
const ctx = libsqlForFile({ ledger: true });

/** No payment here is refunded: a Stripe call would be a failure of the test. */
const svc = () => libsqlDeps(ctx.db, { stripe: stripeNotExpected() });

const person = () => insertPerson(ctx.db);

async function liveTeam() {
  const [owner, member] = [await person(), await person()];
  const movieId = crypto.randomUUID();
  await ctx.db
    .insert(videos)
    .values({ id: movieId, title: 'A film', contributorId: owner.userId, reviewStatus: 'approved' });
  const shares = computeShares(10, 1);
  const id = crypto.randomUUID();
  await ctx.db.insert(campaigns).values({
    id,
    movieId,
    title: 'C',
    status: 'live',
    goalAmount: 10_000,
    initialGoalAmount: 10_000,
    fundingIncrement: 20_000,
    platformFeePercentage: 10,
    originatorSharePermille: shares.originatorPermille,
    endDate: '2099-01-01',
  });
  await ctx.db.insert(campaignContributors).values({
    campaignId: id,
    contributorId: member.userId,
    sharePermille: shares.contributorPermille,
    role: 'Editor',
    approved: true,
    approvedAt: new Date(),
  });
  return { id, owner, member };
}

describe('milestones and the release on libSQL', () => {
  it('concurrent credits crossing the goal make one milestone; the vote resolves once and releases by share', async () => {
    const team = await liveTeam();
    const payments = Array.from({ length: 30 }, (_, i) => testPayment(500 + i, team.id));
    for (const p of payments)
      await ctx.db.insert(checkoutSessions).values({
        id: p.sessionId,
        reference: p.checkoutRef,
        campaignId: team.id,
        guestEmail: 'g@example.test',
        amountCents: p.amountCents,
        currency: 'usd',
        status: 'complete',
        expiresAt: new Date(Date.now() + 3_600_000),
        createdAt: new Date(Date.now() - 60_000),
      });
    await Promise.all(payments.map((p) => receiveStripeEvent(svc(), TEST_SYSTEM, sessionCompleted(p), 'platform')));
    const gross = payments.reduce((s, p) => s + p.amountCents, 0); // 15,435
    const row = await ctx.db.select().from(campaigns).where(eq(campaigns.id, team.id)).get();
    expect(row).toMatchObject({ currentAmount: gross, milestoneCount: 1, extensionPending: true, extensionVotes: 0 });
    expect(await ctx.db.select().from(campaignMilestones).where(eq(campaignMilestones.campaignId, team.id))).toEqual([
      expect.objectContaining({ milestoneNumber: 1, goalAmount: 10_000 }),
    ]);

    const ownerVotes = await Promise.all(
      [0, 1, 2].map(() =>
        castExtensionVote(svc(), team.owner, { campaignId: team.id, userId: team.owner.userId, vote: true }),
      ),
    );
    expect(ownerVotes).toEqual([{ votingComplete: false }, { votingComplete: false }, { votingComplete: false }]);
    const finals = await Promise.all(
      [0, 1].map(() =>
        castExtensionVote(svc(), team.member, { campaignId: team.id, userId: team.member.userId, vote: true }),
      ),
    );
    expect(finals).toEqual([{ votingComplete: true }, { votingComplete: true }]);

    expect(await ctx.db.select().from(campaigns).where(eq(campaigns.id, team.id)).get()).toMatchObject({
      goalAmount: 30_000,
      extensionPending: false,
      extensionVotes: 2,
      status: 'live',
    });
    const group = await ctx.db
      .select()
      .from(ledgerGroups)
      .where(eq(ledgerGroups.idempotencyKey, `release:${team.id}:1`))
      .get();
    const lines = await ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.groupId, group?.id ?? '-'));
    // fee floor(1,543.5) = 1,543; 45.0 % each floor(6,945.75) = 6,945; leftover 2 cents to the originator.
    expect(Object.fromEntries(lines.map((l) => [l.account, l.amountCents]))).toEqual({
      [`escrow:${team.id}`]: -gross,
      'fee:platform': 1543,
      [`payable:${team.id}:${team.owner.userId}`]: 6947,
      [`payable:${team.id}:${team.member.userId}`]: 6945,
    });
    expect(await ctx.db.select().from(escrowClaims).where(eq(escrowClaims.campaignId, team.id))).toHaveLength(30);
    const rows = await ctx.db.select().from(payouts).where(eq(payouts.campaignId, team.id));
    expect(rows.map((r) => r.amountCents).sort()).toEqual([6945, 6947]);
  }, 30_000);
});
