import { describe } from 'vitest';
import { silentDoorbell } from '../../../functions/realtime/doorbell';
import {
  connectPayoutAccount,
  processPayouts,
  refreshMyPayoutAccount,
  refreshPayouts,
  retryPayout,
  runPayoutJobs,
} from '../../../functions/services/payouts';
import { TEST_SYSTEM } from '../../support/actors';
import { asViewer, jsonInit, makeUser, type TestUser } from '../factories';
import { connect, makeReleasedPayouts, readyMember } from '../payout-factories';
import { registerMoneyTestHooks } from '../stripe-support';
import { call } from '../worker-call';
import { scenario } from './harness';

/*
 * Payouts move money: each transfer (its claim, then what Stripe said) is audited, under the verb
 * the caller called — the hourly job and an admin's refresh pay through processPayouts. Connecting
 * a payout account (where money will go) is audited; a member re-reading their own is not. TEST
 * mode's Stripe stands in for Stripe; its events reach the worker under test.
 */

registerMoneyTestHooks();

const member = (u: TestUser) => asViewer(u, ['viewer', 'contributor']);
let admin: TestUser | null = null;
const theAdmin = async () => {
  admin ??= await makeUser(['admin'], 'wpp_admin');
  return admin;
};

/** A pending payout of a member whose payout account can take transfers. */
async function payable() {
  const payee = await readyMember();
  const { payoutIds } = await makeReleasedPayouts({ members: [payee] });
  return { payee, payoutId: payoutIds[0] as string, admin: await theAdmin() };
}

/** A pending payout of a member with no payout account: it waits. */
async function waiting() {
  const { members, payoutIds } = await makeReleasedPayouts();
  return { payee: members[0] as TestUser, payoutId: payoutIds[0] as string, admin: await theAdmin() };
}

describe('write path: payouts', { timeout: 60_000 }, () => {
  scenario('payouts/accounts#connectPayoutAccount', {
    setup: async () => ({
      creator: await makeUser(['contributor'], 'wpp_creator'),
      viewer: await makeUser([], 'wpp_viewer'),
    }),
    run: (s, f) => connectPayoutAccount(s, member(f.creator)),
    route: (f) => call('/api/payouts/connect', jsonInit('POST', {}, f.creator.cookie)),
    // Neither a creator nor owed a payout: 403.
    refuse: (s, f) => connectPayoutAccount(s, asViewer(f.viewer, ['viewer'])),
  });

  scenario('payouts/accounts#refreshMyPayoutAccount', {
    // Onboarding still open: re-reading it from Stripe changes nothing.
    setup: async () => {
      const creator = await makeUser(['contributor'], 'wpp_onboarding');
      await connect(creator);
      return creator;
    },
    run: (s, creator) => refreshMyPayoutAccount(s, member(creator)),
  });

  scenario('payouts/process#processPayouts', {
    setup: payable,
    run: (s, f) => processPayouts({ ...s, bell: silentDoorbell }, TEST_SYSTEM, { payoutIds: [f.payoutId] }),
  });

  scenario('payouts/retry#retryPayout', {
    setup: async () => ({ ...(await payable()), waitingId: (await waiting()).payoutId }),
    run: (s, f) => retryPayout(s, asViewer(f.admin, ['viewer', 'admin']), f.payoutId),
    route: (f) => call(`/api/admin/payouts/${f.payoutId}/retry`, jsonInit('POST', {}, f.admin.cookie)),
    // The member has no account that can take the transfer: 409.
    refuse: (s, f) => retryPayout(s, asViewer(f.admin, ['viewer', 'admin']), f.waitingId),
  });

  scenario('payouts/refresh#refreshPayouts', {
    setup: payable,
    run: (s, f) => refreshPayouts(s, asViewer(f.admin, ['viewer', 'admin'])),
    route: (f) => call('/api/admin/payouts/refresh', jsonInit('POST', {}, f.admin.cookie)),
  });

  scenario('payouts/refresh#runPayoutJobs', {
    setup: payable,
    run: (s) => runPayoutJobs(s, TEST_SYSTEM),
  });
});
