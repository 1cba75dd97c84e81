import { eq } from 'drizzle-orm';
import { beforeAll, describe } from 'vitest';
import type { Viewer } from '../../../functions/auth/viewer';
import { payouts } from '../../../functions/db/schema';
import type { DeployRequest } from '../../../functions/domain/coins/supply';
import { deployCreatorCoin } from '../../../functions/services/coins/deploy';
import { connectPayoutAccount, refreshMyPayoutAccount } from '../../../functions/services/payouts/accounts';
import { processPayouts } from '../../../functions/services/payouts/process';
import { refreshPayouts, runPayoutJobs } from '../../../functions/services/payouts/refresh';
import { retryPayout } from '../../../functions/services/payouts/retry';
import { TEST_SYSTEM } from '../../support/actors';
import { chainReady, coinCampaign, deploy } from '../coins-support';
import { asViewer, jsonInit, makeUser, type TestUser } from '../factories';
import { makeReleasedPayouts, readyMember } from '../payout-factories';
import { db, registerMoneyTestHooks } from '../stripe-support';
import { call } from '../worker-call';
import { scenario } from './harness';

/**
 * The payout and coin verbs, each called directly (as the hourly job or a page would) and through
 * its route where it has one: what each audits and owes (tests/support/write-verbs.ts) does not
 * depend on who calls it.
 */
registerMoneyTestHooks();

let admin: TestUser;
let creator: TestUser;
const as = {
  admin: (): Viewer => asViewer(admin, ['viewer', 'admin']),
  creator: (): Viewer => asViewer(creator, ['viewer', 'contributor']),
};

beforeAll(async () => {
  [admin, creator] = await Promise.all([makeUser(['admin'], 'admin'), makeUser(['contributor'], 'creator')]);
});

/** A member whose account can take transfers, and a payout pending for them. */
async function pendingPayout() {
  const member = await readyMember();
  const { payoutIds } = await makeReleasedPayouts({ members: [member] });
  return { member, id: payoutIds[0] as string };
}

async function failedPayout() {
  const f = await pendingPayout();
  await db()
    .update(payouts)
    .set({ status: 'failed', attempts: 5, lastError: 'earlier refusal' })
    .where(eq(payouts.id, f.id));
  return f;
}

describe('payouts', () => {
  scenario('payouts/process#processPayouts', {
    setup: pendingPayout,
    run: (s, f) => processPayouts(s, TEST_SYSTEM, { payoutIds: [f.id] }),
    refuse: (s, f) => processPayouts(s, null, { payoutIds: [f.id] }),
  });
  scenario('payouts/retry#retryPayout', {
    setup: failedPayout,
    run: (s, f) => retryPayout(s, as.admin(), f.id),
    route: (f) => call(`/api/admin/payouts/${f.id}/retry`, jsonInit('POST', {}, admin.cookie)),
    refuse: (s) => retryPayout(s, as.admin(), 'no-such-payout'),
  });
  scenario('payouts/refresh#refreshPayouts', {
    setup: pendingPayout,
    run: (s) => refreshPayouts(s, as.admin()),
    route: () => call('/api/admin/payouts/refresh', jsonInit('POST', {}, admin.cookie)),
    refuse: (s) => refreshPayouts(s, as.creator()),
  });
  scenario('payouts/refresh#runPayoutJobs', {
    setup: pendingPayout,
    run: (s) => runPayoutJobs(s, TEST_SYSTEM),
    refuse: (s) => runPayoutJobs(s, as.admin()),
  });
  scenario('payouts/accounts#connectPayoutAccount', {
    setup: async () => ({ user: await makeUser(['contributor'], 'connect'), viewer: await makeUser([], 'noconnect') }),
    run: (s, f) => connectPayoutAccount(s, asViewer(f.user, ['viewer', 'contributor'])),
    route: (f) => call('/api/payouts/connect', jsonInit('POST', {}, f.user.cookie)),
    // A viewer with no payout waiting may not connect (403).
    refuse: (s, f) => connectPayoutAccount(s, asViewer(f.viewer, ['viewer'])),
  });
  scenario('payouts/accounts#refreshMyPayoutAccount', {
    setup: () => readyMember(),
    run: (s, member) => refreshMyPayoutAccount(s, asViewer(member, ['viewer', 'contributor'])),
    refuse: (s) => refreshMyPayoutAccount(s, null),
  });
});

describe('creator coins', { timeout: 120_000 }, () => {
  beforeAll(async () => {
    await chainReady();
  }, 120_000);
  scenario('coins/deploy#deployCreatorCoin', {
    setup: async () => ({ ready: await coinCampaign(), notYet: await coinCampaign({ status: 'active' }) }),
    run: (s, f) => deployCreatorCoin(s, as.admin(), f.ready.body as DeployRequest),
    route: (f) => deploy(admin, f.ready.body),
    // A campaign not approved or live: refused (409).
    refuse: (s, f) => deployCreatorCoin(s, as.admin(), f.notYet.body as DeployRequest),
  });
});
