import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../../functions/auth/viewer';
import { campaigns } from '../../../functions/db/schema';
import { TestStore } from '../../../functions/payments/test-mode/store';
import type { Deps } from '../../../functions/platform/deps';
import {
  completeEndedCampaign,
  completeEndedCampaigns,
  setCampaignStatus,
} from '../../../functions/services/campaigns';
import {
  castExtensionVote,
  releaseCompletedCampaign,
  releaseCompletedCampaigns,
} from '../../../functions/services/milestones';
import { resolveRound, VOTE_OPEN_MS } from '../../../functions/services/milestones/internal/resolve';
import { processPayouts, runPayoutJobs } from '../../../functions/services/payouts';
import { STALE_PROCESSING_MS } from '../../../functions/services/payouts/internal/constants';
import { finishRefunds } from '../../../functions/services/refunds';
import { refundCancelledCampaign } from '../../../functions/services/refunds/internal/refund-campaign';
import { receiveStripeEvent } from '../../../functions/services/webhooks';
import { TEST_SYSTEM } from '../../support/actors';
import { makeCampaign } from '../campaign-factories';
import { asViewer, makeUser, type TestUser } from '../factories';
import { readyMember } from '../payout-factories';
import {
  db,
  deliver,
  holdAtStripe,
  recordCheckout,
  registerMoneyTestHooks,
  sessionCompleted,
  type TestPayment,
  testPayment,
} from '../stripe-support';
import { env, testDeps } from '../worker-call';
import { type CaseReport, exercise, type Fixture, printReports, type VerbCase } from './harness';

registerMoneyTestHooks();

let owner: TestUser;
let member: TestUser;
let admin: TestUser;
let payer: TestUser;
const adminViewer = (): Viewer => asViewer(admin, ['viewer', 'admin']);

beforeAll(async () => {
  [owner, admin, payer] = await Promise.all([
    makeUser(['contributor'], 'owner'),
    makeUser(['admin'], 'admin'),
    makeUser([], 'payer'),
  ]);
  // A member whose payout account can take transfers (TEST mode's Connect onboarding).
  member = await readyMember();
});

interface MoneyFixture extends Fixture {
  payment: TestPayment;
}

const store = () => new TestStore(env.KV);

/** A card payment that Stripe (the TEST responder) holds, credited by our webhook unless told. */
async function paid(campaignId: string, amountCents: number, credit = true) {
  const p = testPayment(amountCents, campaignId);
  await holdAtStripe(p, payer.id);
  await recordCheckout(p, { userId: payer.id }, { status: 'open', createdAt: new Date(Date.now() - 60_000) });
  if (credit) expect((await deliver(sessionCompleted(p, payer.id))).status).toBe(200);
  return p;
}

/** A live campaign of `owner` with `member` approved (split agreed, version 1) and a payment of 40 USD. */
async function fundedCampaign(opts: { goal?: number; credit?: boolean } = {}): Promise<MoneyFixture> {
  const c = await makeCampaign({ owner, status: 'live', members: [{ user: member, approved: true }] });
  if (opts.goal) await db().update(campaigns).set({ goalAmount: opts.goal }).where(eq(campaigns.id, c.id));
  const payment = await paid(c.id, 4000, opts.credit ?? true);
  return {
    campaignId: c.id,
    payment,
    people: { owner: owner.id, member: member.id, admin: admin.id, payer: payer.id },
    ids: { film: c.movieId, pi: payment.pi, session: payment.sessionId, ref: payment.checkoutRef },
  };
}

interface EventFixture extends MoneyFixture {
  event: Stripe.Event;
}

/** The credit of a payment as Stripe announces it (checkout.session.completed), not yet delivered. */
async function creditFixture(goal?: number): Promise<EventFixture> {
  const f = await fundedCampaign({ goal, credit: false });
  const event = sessionCompleted(f.payment, payer.id) as unknown as Stripe.Event;
  return { ...f, event, ids: { ...f.ids, evt: event.id } };
}

/** The deps of a worker that stops right after each commit: what the change owes is left to the job. */
const stoppedAfterCommit = () => testDeps({ followUpsAfterCommit: false });

const cancelled = async () => {
  const f = await fundedCampaign();
  await setCampaignStatus(stoppedAfterCommit(), adminViewer(), f.campaignId, 'cancelled');
  return f;
};

const completed = async () => {
  const f = await fundedCampaign();
  await setCampaignStatus(stoppedAfterCommit(), adminViewer(), f.campaignId, 'completed');
  return f;
};

/** A completed campaign whose closing release is written: one pending payout per member. */
const released = async () => {
  const f = await completed();
  await releaseCompletedCampaign(stoppedAfterCommit(), TEST_SYSTEM, f.campaignId);
  return f;
};

/** The payouts job, run as if an hour later: a payout left processing is resolved at Stripe. */
const payoutJobLater = (s: Parameters<typeof runPayoutJobs>[0]) =>
  runPayoutJobs(
    { ...s, clock: { now: () => new Date(Date.now() + STALE_PROCESSING_MS + 60_000) } } as typeof s,
    TEST_SYSTEM,
  );

/** The deps as if a week and a minute later: the milestone's vote has closed. */
const aWeekLater = (s: Deps): Deps => ({
  ...s,
  clock: { now: () => new Date(Date.now() + VOTE_OPEN_MS + 60_000) },
});

/** The payment as Stripe holds it: refunded once, in full, whatever failed on the way. */
const refundsAtStripe = async (f: MoneyFixture) => {
  const held = await store().get('payment_intent', f.payment.pi);
  return { refunds: held?.refunds.length, amountRefunded: held?.amountRefunded };
};

/** The enumerated money verbs: credit, vote, release, payout, cancel and refund. */
const CASES: VerbCase<MoneyFixture & Partial<EventFixture>>[] = [
  {
    // The event is recorded first (Stripe's retry finds it unprocessed), then credited in one batch.
    name: 'credit a payment (checkout.session.completed)',
    atomic: false,
    setup: () => creditFixture(),
    run: (s, f) => receiveStripeEvent(s, TEST_SYSTEM, f.event as Stripe.Event, 'platform'),
  },
  {
    // The credit reaches the goal: milestone 1 and its vote open in the credit's batch.
    name: 'credit a payment that reaches a milestone',
    atomic: false,
    setup: () => creditFixture(3000),
    run: (s, f) => receiveStripeEvent(s, TEST_SYSTEM, f.event as Stripe.Event, 'platform'),
  },
  {
    // The last voter votes to complete: the round resolves, milestone 1 is released, payouts written.
    name: 'vote (the final vote releases the milestone)',
    atomic: false,
    setup: async () => {
      const f = await fundedCampaign({ goal: 3000 });
      await castExtensionVote(testDeps(), asViewer(owner, ['viewer', 'contributor']), {
        campaignId: f.campaignId,
        userId: owner.id,
        vote: false,
      });
      return f;
    },
    run: (s, f) =>
      castExtensionVote(s, asViewer(member, ['viewer', 'contributor']), {
        campaignId: f.campaignId,
        userId: member.id,
        vote: false,
      }),
    // The vote again, then the payouts job for a transfer its follow-up left processing or failed.
    repeat: async (s, f) => {
      await castExtensionVote(s, asViewer(member, ['viewer', 'contributor']), {
        campaignId: f.campaignId,
        userId: member.id,
        vote: false,
      });
      await payoutJobLater(s);
    },
  },
  {
    // The release's batch, then the payouts it owes (a follow-up): a chain of committed steps.
    name: 'release (a completed campaign’s closing release)',
    atomic: false,
    setup: completed,
    run: (s, f) => releaseCompletedCampaign(s, TEST_SYSTEM, f.campaignId),
    repeat: async (s, f) => {
      await releaseCompletedCampaign(s, TEST_SYSTEM, f.campaignId);
      await payoutJobLater(s);
    },
  },
  {
    // Claim, transfer at Stripe, record: an interrupted payout is finished by the hourly payouts job.
    name: 'payout (a milestone’s transfers)',
    atomic: false,
    stripe: true,
    setup: released,
    run: (s, f) => processPayouts(s, TEST_SYSTEM, { campaignId: f.campaignId }),
    repeat: async (s, f) => {
      await processPayouts(s, TEST_SYSTEM, { campaignId: f.campaignId });
      await payoutJobLater(s);
    },
  },
  {
    // The status and the follow-up it owes (checkouts expired, escrow refunded), whoever calls it.
    name: 'cancel (admin: live with money → cancelled, refunds)',
    atomic: false,
    stripe: true,
    setup: () => fundedCampaign(),
    atStripe: refundsAtStripe,
    run: (s, f) => setCampaignStatus(s, adminViewer(), f.campaignId, 'cancelled'),
    // The harness then runs the follow-ups still owed, as the hourly job would.
    repeat: async (s, f) => {
      await setCampaignStatus(s, adminViewer(), f.campaignId, 'cancelled').catch(() => null);
      await finishRefunds(s, TEST_SYSTEM);
    },
  },
  {
    // Claim the payment for its payer, refund it at Stripe, record it, tell the payer.
    name: 'refund (a cancelled campaign’s escrow)',
    atomic: false,
    stripe: true,
    setup: cancelled,
    atStripe: refundsAtStripe,
    run: (s, f) => refundCancelledCampaign(s, TEST_SYSTEM, f.campaignId),
    repeat: async (s, f) => {
      await refundCancelledCampaign(s, TEST_SYSTEM, f.campaignId);
      await finishRefunds(s, TEST_SYSTEM);
    },
  },
  {
    // The hourly end-date job: completed with its history and notices in one batch, then released.
    name: 'end date (the hourly job completes an ended campaign)',
    atomic: false,
    stripe: true,
    setup: async () => {
      const f = await fundedCampaign();
      await db().update(campaigns).set({ endDate: '2020-01-01' }).where(eq(campaigns.id, f.campaignId));
      return f;
    },
    run: (s, f) => completeEndedCampaign(s, TEST_SYSTEM, f.campaignId),
    // The hourly jobs in their order: ended campaigns, closing releases, then payouts.
    repeat: async (s, f) => {
      await completeEndedCampaigns(s, TEST_SYSTEM);
      await releaseCompletedCampaigns(s, TEST_SYSTEM);
      await processPayouts(s, TEST_SYSTEM, { campaignId: f.campaignId });
      await payoutJobLater(s);
    },
  },
  {
    // A vote open for seven days closes as the hourly job closes it: a member who did not vote counts
    // as complete, the milestone is released and its payouts written.
    name: 'expired vote (closed by the hourly job)',
    atomic: false,
    setup: () => fundedCampaign({ goal: 3000 }),
    run: (s, f) => resolveRound(aWeekLater(s), TEST_SYSTEM, f.campaignId, 1, 'closeExpiredVotes'),
    // The payouts job a week and an hour later: a transfer the resolution's follow-up left processing is stale.
    repeat: async (s, f) => {
      await resolveRound(aWeekLater(s), TEST_SYSTEM, f.campaignId, 1, 'closeExpiredVotes');
      const later = { now: () => new Date(Date.now() + VOTE_OPEN_MS + STALE_PROCESSING_MS + 120_000) };
      await runPayoutJobs({ ...s, clock: later } as typeof s, TEST_SYSTEM);
    },
  },
];

describe('faults in every money verb: the ledger balances, nothing half-written, the verb can be repeated', () => {
  const reports: CaseReport[] = [];

  it.each(CASES.map((c) => [c.name, c] as const))('%s', { timeout: 180_000 }, async (_, c) => {
    const report = await exercise(c);
    expect(report.dbPoints).toBeGreaterThan(0);
    if (c.atomic) expect(report.between).toBe(0);
    reports.push(report);
  });

  it('covered every verb and injection point', () => {
    const points = printReports('money', reports);
    expect(reports.map((r) => r.verb)).toEqual(CASES.map((c) => c.name));
    expect(reports).toHaveLength(9);
    expect(points).toBeGreaterThan(0);
  });
});
