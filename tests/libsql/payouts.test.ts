import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { describe, expect, it } from 'vitest';
import {
  campaignMilestones,
  campaigns,
  connectAccounts,
  ledgerGroups,
  payouts,
  videos,
} from '../../functions/db/schema';
import { processPayouts } from '../../functions/services/payouts';
import { TEST_SYSTEM } from '../support/actors';
import { handWrittenRelease } from '../support/ledger';
import { libsqlDeps } from '../support/libsql';
import { insertPerson, libsqlForFile } from '../support/libsql-fixtures';
import { postLedgerGroup } from '../support/post-ledger';

/** The payout claim, completion batch and milestone status on the production driver. */
const ctx = libsqlForFile({ ledger: true });

const person = async () => (await insertPerson(ctx.db)).userId;

/** A campaign whose milestone 1 was released to two members with ready accounts: two pending payouts. */
async function released() {
  const [owner, member] = [await person(), await person()];
  const movieId = crypto.randomUUID();
  await ctx.db.insert(videos).values({ id: movieId, title: 'A film', contributorId: owner, reviewStatus: 'approved' });
  const campaignId = crypto.randomUUID();
  await ctx.db.insert(campaigns).values({
    id: campaignId,
    movieId,
    title: 'C',
    status: 'live',
    goalAmount: 10_000,
    initialGoalAmount: 10_000,
    endDate: '2099-01-01',
  });
  await ctx.db.insert(campaignMilestones).values({ campaignId, milestoneNumber: 1, goalAmount: 10_000 });
  const ids = [crypto.randomUUID(), crypto.randomUUID()];
  await postLedgerGroup(
    ctx.db,
    {
      idempotencyKey: `release:${campaignId}:1`,
      kind: 'release',
      currency: 'usd',
      campaignId,
      lines: [
        { account: `escrow:${campaignId}`, amountCents: -10_000 },
        { account: 'fee:platform', amountCents: 1_000 },
        { account: `payable:${campaignId}:${owner}`, amountCents: 6_000, userId: owner },
        { account: `payable:${campaignId}:${member}`, amountCents: 3_000, userId: member },
      ],
    },
    {
      with: () => [
        handWrittenRelease(ctx.db, `release:${campaignId}:1`, campaignId, 10_000),
        ...[owner, member].map((userId, i) =>
          ctx.db.insert(payouts).values({
            id: ids[i],
            campaignId,
            milestoneNumber: 1,
            userId,
            amountCents: i ? 3_000 : 6_000,
            currency: 'usd',
          }),
        ),
      ],
    },
  );
  for (const userId of [owner, member]) {
    await ctx.db.insert(connectAccounts).values({
      userId,
      stripeAccountId: `acct_${userId.slice(0, 12)}`,
      detailsSubmitted: true,
      transfersActive: true,
    });
  }
  return { campaignId, ids };
}

/** Stripe's transfers.create as far as processPayouts needs it: one transfer per idempotency key. */
function fakeStripe(refuse = new Set<string>()) {
  const byKey = new Map<string, Stripe.Transfer>();
  let calls = 0;
  const stripe = {
    transfers: {
      create: async (params: Stripe.TransferCreateParams, opts: { idempotencyKey: string }) => {
        calls++;
        await new Promise((r) => setTimeout(r, 5));
        if (refuse.has(params.destination)) {
          const { default: StripeClass } = await import('stripe');
          throw new StripeClass.errors.StripeInvalidRequestError({
            message: 'no transfers',
            type: 'invalid_request_error',
            statusCode: 400,
          } as never);
        }
        const known = byKey.get(opts.idempotencyKey);
        if (known) return known;
        const t = { id: `tr_${crypto.randomUUID().slice(0, 12)}`, amount: params.amount } as Stripe.Transfer;
        byKey.set(opts.idempotencyKey, t);
        return t;
      },
    },
  } as unknown as Stripe;
  return { stripe, calls: () => calls };
}

describe('processPayouts on libSQL', () => {
  it('concurrent runs transfer each payout once; the milestone completes', async () => {
    const { campaignId, ids } = await released();
    const fake = fakeStripe();
    const deps = libsqlDeps(ctx.db, { stripe: fake.stripe });
    await Promise.all(Array.from({ length: 4 }, () => processPayouts(deps, TEST_SYSTEM, { campaignId })));
    expect(fake.calls()).toBe(2);
    for (const id of ids) {
      expect(await ctx.db.select().from(payouts).where(eq(payouts.id, id)).get()).toMatchObject({
        status: 'completed',
        attempts: 1,
      });
      expect(
        await ctx.db
          .select()
          .from(ledgerGroups)
          .where(eq(ledgerGroups.idempotencyKey, `payout:${id}`)),
      ).toHaveLength(1);
    }
    const milestone = await ctx.db
      .select()
      .from(campaignMilestones)
      .where(eq(campaignMilestones.campaignId, campaignId))
      .get();
    expect(milestone?.payoutStatus).toBe('completed');
  });

  it('a refusal fails that payout visibly and marks the milestone failed', async () => {
    const { campaignId, ids } = await released();
    const refused = await ctx.db
      .select()
      .from(payouts)
      .where(eq(payouts.id, ids[1] as string))
      .get();
    const account = await ctx.db
      .select()
      .from(connectAccounts)
      .where(eq(connectAccounts.userId, refused?.userId ?? ''))
      .get();
    const fake = fakeStripe(new Set([account?.stripeAccountId ?? '']));
    await processPayouts(libsqlDeps(ctx.db, { stripe: fake.stripe }), TEST_SYSTEM, { campaignId });
    expect(
      await ctx.db
        .select()
        .from(payouts)
        .where(eq(payouts.id, ids[1] as string))
        .get(),
    ).toMatchObject({
      status: 'failed',
      lastError: 'no transfers',
    });
    const milestone = await ctx.db
      .select()
      .from(campaignMilestones)
      .where(eq(campaignMilestones.campaignId, campaignId))
      .get();
    expect(milestone?.payoutStatus).toBe('failed');
  });
});
