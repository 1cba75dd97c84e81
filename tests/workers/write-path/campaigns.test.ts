import { eq } from 'drizzle-orm';
import type Stripe from 'stripe';
import { beforeAll, describe } from 'vitest';
import type { Viewer } from '../../../functions/auth/viewer';
import { campaigns } from '../../../functions/db/schema';
import type { CampaignStatus } from '../../../functions/domain/campaigns/status';
import type { Deps } from '../../../functions/platform/deps';
import {
  acceptInvitation,
  addMember,
  approveCampaign,
  completeEndedCampaign,
  completeEndedCampaigns,
  createCampaign,
  declineInvitation,
  deleteCampaign,
  editCampaign,
  launchCampaign,
  pauseCampaign,
  rejectCampaign,
  removeMember,
  resumeCampaign,
  setCampaignStatus,
  submitCampaign,
  updateCoinSettings,
} from '../../../functions/services/campaigns';
import {
  castExtensionVote,
  closeExpiredVotes,
  releaseCompletedCampaign,
  releaseCompletedCampaigns,
} from '../../../functions/services/milestones';
import { VOTE_OPEN_MS } from '../../../functions/services/milestones/internal/resolve';
import { startCampaignCheckout } from '../../../functions/services/payments';
import { afterCampaignChange, finishRefunds } from '../../../functions/services/refunds';
import { receiveStripeEvent } from '../../../functions/services/webhooks';
import { TEST_SYSTEM } from '../../support/actors';
import { inDays, makeCampaign, makeFilm } from '../campaign-factories';
import { asViewer, jsonInit, makeUser, type TestUser } from '../factories';
import {
  db,
  deliver,
  holdAtStripe,
  recordCheckout,
  registerMoneyTestHooks,
  sessionCompleted,
  testPayment,
} from '../stripe-support';
import { call, testDeps } from '../worker-call';
import { scenario } from './harness';

/**
 * The campaign, vote, refund and payment verbs, each called directly and through its route: what
 * each audits and owes (tests/support/write-verbs.ts) does not depend on who calls it.
 */
registerMoneyTestHooks();

let owner: TestUser;
let admin: TestUser;
let outsider: TestUser;
let payer: TestUser;
const as = {
  owner: (): Viewer => asViewer(owner, ['viewer', 'contributor']),
  admin: (): Viewer => asViewer(admin, ['viewer', 'admin']),
  outsider: (): Viewer => asViewer(outsider, ['viewer', 'contributor']),
};

beforeAll(async () => {
  [owner, admin, outsider, payer] = await Promise.all([
    makeUser(['contributor'], 'owner'),
    makeUser(['admin'], 'admin'),
    makeUser(['contributor'], 'outsider'),
    makeUser([], 'payer'),
  ]);
});

interface Team {
  id: string;
  member: TestUser;
  memberId: string;
}

/** A campaign of `owner` in `status`, with one member (approved unless told). */
async function team(status: CampaignStatus, approved = true): Promise<Team> {
  const member = await makeUser(['contributor'], 'member');
  const c = await makeCampaign({ owner, status, members: [{ user: member, approved }] });
  return { id: c.id, member, memberId: c.members[0]?.memberId as string };
}

const api = (method: string, path: string, who: TestUser, body: unknown = {}) =>
  call(`/api/campaigns/${path}`, jsonInit(method, body, who.cookie));

/** The deps of a worker that stops right after each commit: what a change owes is left to the job. */
const stoppedAfterCommit = () => testDeps({ followUpsAfterCommit: false });

/** A payment of `cents` held at Stripe (the TEST responder) and recorded, credited by our webhook unless told. */
async function pay(campaignId: string, cents: number, credit = true) {
  const p = testPayment(cents, campaignId);
  await holdAtStripe(p, payer.id);
  await recordCheckout(p, { userId: payer.id }, { status: 'open', createdAt: new Date(Date.now() - 60_000) });
  if (credit) await deliver(sessionCompleted(p, payer.id));
  return p;
}

/** A live campaign with money in escrow; with `goal` at or under 40 USD, its team is voting. */
async function funded(goal?: number) {
  const t = await team('live');
  if (goal) await db().update(campaigns).set({ goalAmount: goal }).where(eq(campaigns.id, t.id));
  const payment = await pay(t.id, 4000);
  return { ...t, payment };
}

/** A funded campaign set to `status` by an admin whose worker stopped before the follow-up ran. */
async function fundedThen(status: 'completed' | 'cancelled') {
  const f = await funded();
  await setCampaignStatus(stoppedAfterCommit(), as.admin(), f.id, status);
  return f;
}

/** A campaign whose team voted except its member: the member's vote is the final one. */
async function voting() {
  const f = await funded(3000);
  await castExtensionVote(testDeps(), as.owner(), { campaignId: f.id, userId: owner.id, vote: false });
  return f;
}

const aWeekLater = () => testDeps({ clock: { now: () => new Date(Date.now() + VOTE_OPEN_MS + 60_000) } });

describe('campaign verbs', () => {
  scenario('campaigns/create#createCampaign', {
    setup: async () => ({ movieId: await makeFilm(owner.id) }),
    run: (s, f) =>
      createCampaign(s, as.owner(), {
        movieId: f.movieId,
        title: 'A new one',
        goalAmount: 500_000,
        endDate: inDays(30),
      }),
    route: (f) =>
      call(
        '/api/campaigns',
        jsonInit(
          'POST',
          { movieId: f.movieId, title: 'A new one', goalAmount: 500_000, endDate: inDays(30) },
          owner.cookie,
        ),
      ),
    refuse: (s, f) =>
      createCampaign(s, as.outsider(), {
        movieId: f.movieId,
        title: 'Not mine',
        goalAmount: 500_000,
        endDate: inDays(30),
      }),
  });

  scenario('campaigns/submit#submitCampaign', {
    setup: () => team('pending'),
    run: (s, t) => submitCampaign(s, as.owner(), t.id),
    route: (t) => api('POST', `${t.id}/submit`, owner),
    refuse: (s, t) => submitCampaign(s, as.outsider(), t.id),
  });

  scenario('campaigns/approve#approveCampaign', {
    setup: () => team('pending_approval'),
    run: (s, t) => approveCampaign(s, as.admin(), t.id),
    route: (t) => api('POST', `${t.id}/approve`, admin),
    refuse: (s, t) => approveCampaign(s, as.owner(), t.id),
  });

  scenario('campaigns/reject#rejectCampaign', {
    setup: () => team('pending_approval'),
    run: (s, t) => rejectCampaign(s, as.admin(), t.id, 'The poster is missing'),
    route: (t) => api('POST', `${t.id}/reject`, admin, { reason: 'The poster is missing' }),
    refuse: (s, t) => rejectCampaign(s, as.owner(), t.id, 'Mine is fine'),
  });

  scenario('campaigns/launch#launchCampaign', {
    setup: () => team('approved'),
    run: (s, t) => launchCampaign(s, as.owner(), t.id),
    route: (t) => api('POST', `${t.id}/launch`, owner),
    refuse: (s, t) => launchCampaign(s, as.outsider(), t.id),
  });

  scenario('campaigns/pause#pauseCampaign', {
    setup: () => team('live'),
    run: (s, t) => pauseCampaign(s, as.owner(), t.id),
    route: (t) => api('POST', `${t.id}/pause`, owner),
    refuse: (s, t) => pauseCampaign(s, as.outsider(), t.id),
  });

  scenario('campaigns/resume#resumeCampaign', {
    setup: () => team('paused'),
    run: (s, t) => resumeCampaign(s, as.owner(), t.id),
    route: (t) => api('POST', `${t.id}/resume`, owner),
    refuse: (s, t) => resumeCampaign(s, as.outsider(), t.id),
  });

  scenario('campaigns/set-status#setCampaignStatus', {
    setup: () => funded(),
    run: (s, t) => setCampaignStatus(s, as.admin(), t.id, 'cancelled', 'Rights dispute'),
    route: (t) => api('POST', `${t.id}/status`, admin, { status: 'cancelled', reason: 'Rights dispute' }),
    refuse: (s, t) => setCampaignStatus(s, as.owner(), t.id, 'cancelled'),
  });

  scenario('campaigns/edit#editCampaign', {
    setup: () => team('live'),
    run: (s, t) => editCampaign(s, as.owner(), t.id, { title: 'A better title' }),
    route: (t) => api('PATCH', t.id, owner, { title: 'A better title' }),
    refuse: (s, t) => editCampaign(s, as.outsider(), t.id, { title: 'Not mine' }),
  });

  scenario('campaigns/coins#updateCoinSettings', {
    setup: () => team('live'),
    run: (s, t) => updateCoinSettings(s, as.admin(), t.id, { creatorCoinsEnabled: true }),
    route: (t) => api('PATCH', `${t.id}/coins`, admin, { creatorCoinsEnabled: true }),
    refuse: (s, t) => updateCoinSettings(s, as.owner(), t.id, { creatorCoinsEnabled: true }),
  });

  scenario('campaigns/delete#deleteCampaign', {
    setup: () => team('active'),
    run: (s, t) => deleteCampaign(s, as.owner(), t.id),
    route: (t) => api('DELETE', t.id, owner),
    refuse: (s, t) => deleteCampaign(s, as.outsider(), t.id),
  });

  scenario('campaigns/add-member#addMember', {
    setup: async () => ({ ...(await team('active')), invitee: await makeUser([], 'invitee') }),
    run: (s, t) => addMember(s, as.owner(), t.id, { userId: t.invitee.id }),
    route: (t) => api('POST', `${t.id}/members`, owner, { userId: t.invitee.id }),
    refuse: (s, t) => addMember(s, as.outsider(), t.id, { userId: t.invitee.id }),
  });

  scenario('campaigns/remove-member#removeMember', {
    setup: () => team('active'),
    run: (s, t) => removeMember(s, as.owner(), t.id, t.memberId),
    route: (t) => api('DELETE', `${t.id}/members/${t.memberId}`, owner),
    refuse: (s, t) => removeMember(s, as.outsider(), t.id, t.memberId),
  });

  scenario('campaigns/accept-invitation#acceptInvitation', {
    setup: () => team('active', false),
    run: (s, t) => acceptInvitation(s, asViewer(t.member, ['viewer', 'contributor']), t.id),
    route: (t) => api('POST', `${t.id}/invitation/accept`, t.member),
    refuse: (s, t) => acceptInvitation(s, as.outsider(), t.id),
  });

  scenario('campaigns/decline-invitation#declineInvitation', {
    setup: () => team('active', false),
    run: (s, t) => declineInvitation(s, asViewer(t.member, ['viewer', 'contributor']), t.id),
    route: (t) => api('POST', `${t.id}/invitation/decline`, t.member),
    refuse: (s, t) => declineInvitation(s, as.outsider(), t.id),
  });

  const ended = async () => {
    const t = await team('live');
    await db().update(campaigns).set({ endDate: '2020-01-01' }).where(eq(campaigns.id, t.id));
    return t;
  };
  scenario('campaigns/complete-ended#completeEndedCampaign', {
    setup: ended,
    run: (s, t) => completeEndedCampaign(s, TEST_SYSTEM, t.id),
  });
  scenario('campaigns/complete-ended#completeEndedCampaigns', {
    setup: ended,
    run: (s) => completeEndedCampaigns(s, TEST_SYSTEM),
  });
});

describe('vote and release verbs', () => {
  scenario('milestones/vote#castExtensionVote', {
    setup: voting,
    run: (s, f) =>
      castExtensionVote(s, asViewer(f.member, ['viewer', 'contributor']), {
        campaignId: f.id,
        userId: f.member.id,
        vote: false,
      }),
    route: (f) =>
      call(
        '/api/functions/vote-campaign-extension',
        jsonInit('POST', { campaignId: f.id, userId: f.member.id, vote: false }, f.member.cookie),
      ),
    refuse: (s, f) => castExtensionVote(s, as.outsider(), { campaignId: f.id, userId: outsider.id, vote: false }),
  });

  scenario('milestones/expired-votes#closeExpiredVotes', {
    setup: voting,
    run: (_s) => closeExpiredVotes(aWeekLater(), TEST_SYSTEM),
  });

  scenario('milestones/closing-release#releaseCompletedCampaign', {
    setup: () => fundedThen('completed'),
    run: (s, f) => releaseCompletedCampaign(s, TEST_SYSTEM, f.id),
  });

  scenario('milestones/closing-release#releaseCompletedCampaigns', {
    setup: () => fundedThen('completed'),
    run: (s) => releaseCompletedCampaigns(s, TEST_SYSTEM),
  });
});

describe('refund and payment verbs', () => {
  scenario('refunds/after-campaign-change#afterCampaignChange', {
    setup: () => fundedThen('cancelled'),
    run: (s, f) => afterCampaignChange(s, TEST_SYSTEM, f.id),
  });

  scenario('refunds/cancelled#finishRefunds', {
    setup: () => fundedThen('cancelled'),
    run: (s) => finishRefunds(s, TEST_SYSTEM),
  });

  scenario('payments/campaign-checkout#startCampaignCheckout', {
    setup: () => team('live'),
    run: (s, t) =>
      startCampaignCheckout(s, asViewer(payer, ['viewer']), t.id, {
        amountCents: 2500,
        attemptId: crypto.randomUUID(),
      }),
    route: (t) => api('POST', `${t.id}/checkout`, payer, { amountCents: 2500 }),
    refuse: (s, t) =>
      startCampaignCheckout(s, asViewer(payer, ['viewer']), t.id, { amountCents: 1, attemptId: crypto.randomUUID() }),
  });

  /** A payment that reaches the goal, as Stripe announces it, not yet delivered. */
  const crossing = async () => {
    const t = await team('live');
    await db().update(campaigns).set({ goalAmount: 3000 }).where(eq(campaigns.id, t.id));
    const p = await pay(t.id, 4000, false);
    return { ...t, event: sessionCompleted(p, payer.id) as unknown as Stripe.Event };
  };
  scenario('webhooks/receive-event#receiveStripeEvent', {
    setup: crossing,
    run: (s: Deps, f) => receiveStripeEvent(s, TEST_SYSTEM, f.event, 'platform'),
    route: (f) => deliver(f.event),
  });
});
