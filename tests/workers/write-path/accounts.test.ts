import { describe } from 'vitest';
import {
  ensureUser,
  removeAvatar,
  setAvatar,
  signOutEverywhere,
  updateProfile,
} from '../../../functions/services/accounts';
import { TEST_SYSTEM } from '../../support/actors';
import { png } from '../../support/media';
import { asViewer, makeUser, ORIGIN, type TestUser, uid } from '../factories';
import { call } from '../worker-call';
import { scenario } from './harness';

/*
 * A person's own account (not audited: personal bookkeeping), and the roles the seed and
 * `npm run user:create` grant (audited). The people here own no films: a creator's name or picture
 * would also owe a 'catalogue-bump'.
 */

const me = (u: TestUser) => asViewer(u, ['viewer']);
const picture = () => png(64, 64);

/** A person whose avatar is an uploaded picture, set through the API. */
async function withAvatar() {
  const u = await makeUser([], 'wpa_face');
  const res = await call('/api/account/avatar', {
    method: 'PUT',
    headers: { 'content-type': 'image/png', origin: ORIGIN, cookie: u.cookie },
    body: picture(),
  });
  if (res.status !== 200) throw new Error(`avatar not set: ${res.status} ${await res.text()}`);
  return u;
}

describe('write path: accounts', { timeout: 30_000 }, () => {
  scenario('accounts/avatar#setAvatar', {
    setup: () => makeUser([], 'wpa_face'),
    run: (s, u) => setAvatar(s, me(u), picture().buffer),
    // Not an image: 400 before anything is stored.
    refuse: (s, u) => setAvatar(s, me(u), new ArrayBuffer(0)),
  });

  scenario('accounts/avatar#removeAvatar', {
    setup: withAvatar,
    run: (s, u) => removeAvatar(s, me(u)),
    // Not audited, but it owes the picture's deletion: the route owes the same.
    route: (u) => call('/api/account/avatar', { method: 'DELETE', headers: { origin: ORIGIN, cookie: u.cookie } }),
  });

  scenario('accounts/update-profile#updateProfile', {
    setup: async () => ({ u: await makeUser([], 'wpa_name'), other: await makeUser([], 'wpa_taken') }),
    run: (s, { u }) => updateProfile(s, me(u), { username: `wpa_new_${uid()}` }),
    // Someone else's name: 409.
    refuse: (s, { u, other }) => updateProfile(s, me(u), { username: other.username }),
  });

  scenario('accounts/sign-out-everywhere#signOutEverywhere', {
    setup: () => makeUser([], 'wpa_out'),
    run: (s, u) => signOutEverywhere(s, me(u), new Headers({ cookie: u.cookie, origin: ORIGIN })),
  });

  scenario('accounts/ensure-user#ensureUser', {
    // An existing account is granted a role it lacks (a new one also writes its sign-up's 'signUp' row).
    setup: () => makeUser([], 'wpa_role'),
    run: (s, u) =>
      ensureUser(s, TEST_SYSTEM, { email: u.email, password: u.password, username: u.username, roles: ['editor'] }),
  });
});
