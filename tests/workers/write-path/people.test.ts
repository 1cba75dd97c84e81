import { beforeAll, describe } from 'vitest';
import { getDb } from '../../../functions/db/client';
import { accountSuspensions } from '../../../functions/db/schema';
import {
  addAdminNote,
  grantRole,
  reinstateAccount,
  revokeRole,
  suspendAccount,
} from '../../../functions/services/people';
import { asViewer, jsonInit, makeUser, type TestUser } from '../factories';
import { call, env } from '../worker-call';
import { scenario } from './harness';

/* Issue 45: an admin's changes to people — roles, suspension — are audited; suspension mails. */

let admin: TestUser;
const adminV = () => asViewer(admin, ['viewer', 'admin']);

beforeAll(async () => {
  admin = await makeUser(['admin'], 'wpp_admin');
});

const suspended = async () => {
  const p = await makeUser([], 'wpp_susp');
  await getDb(env).insert(accountSuspensions).values({ userId: p.id, reason: 'Spam' });
  return p;
};

describe('write path: people', { timeout: 30_000 }, () => {
  scenario('people/grant-role#grantRole', {
    setup: () => makeUser([], 'wpp_grant'),
    run: (s, p) => grantRole(s, adminV(), p.id, { role: 'editor', reason: 'Edits' }),
    route: (p) =>
      call(`/api/admin/people/${p.id}/roles`, jsonInit('POST', { role: 'editor', reason: 'Edits' }, admin.cookie)),
    // Already has the role: 409.
    refuse: (s, p) => grantRole(s, adminV(), p.id, { role: 'viewer', reason: 'Again' }),
  });

  scenario('people/revoke-role#revokeRole', {
    setup: () => makeUser(['editor'], 'wpp_revoke'),
    run: (s, p) => revokeRole(s, adminV(), p.id, { role: 'editor', reason: 'Done' }),
    route: (p) =>
      call(
        `/api/admin/people/${p.id}/roles/revoke`,
        jsonInit('POST', { role: 'editor', reason: 'Done' }, admin.cookie),
      ),
    // Does not have the role: 409.
    refuse: (s, p) => revokeRole(s, adminV(), p.id, { role: 'admin', reason: 'Never had it' }),
  });

  scenario('people/suspend#suspendAccount', {
    setup: () => makeUser([], 'wpp_suspend'),
    run: (s, p) => suspendAccount(s, adminV(), p.id, { reason: 'Spam' }),
    route: (p) => call(`/api/admin/people/${p.id}/suspend`, jsonInit('POST', { reason: 'Spam' }, admin.cookie)),
    // Already suspended: 409.
    refuse: async (s, p) => {
      await getDb(env).insert(accountSuspensions).values({ userId: p.id, reason: 'Spam' });
      return suspendAccount(s, adminV(), p.id, { reason: 'Again' });
    },
  });

  scenario('people/suspend#reinstateAccount', {
    setup: suspended,
    run: (s, p) => reinstateAccount(s, adminV(), p.id, { reason: 'Appeal' }),
    route: (p) => call(`/api/admin/people/${p.id}/reinstate`, jsonInit('POST', { reason: 'Appeal' }, admin.cookie)),
    // Not suspended: 409.
    refuse: (s) => reinstateAccount(s, adminV(), admin.id, { reason: 'Never was' }),
  });

  scenario('people/note#addAdminNote', {
    setup: () => makeUser([], 'wpp_note'),
    run: (s, p) => addAdminNote(s, adminV(), p.id, { body: 'Asked for a refund by mail' }),
    route: (p) => call(`/api/admin/people/${p.id}/notes`, jsonInit('POST', { body: 'Called support' }, admin.cookie)),
    // No such person: 404.
    refuse: (s) => addAdminNote(s, adminV(), 'no-such-person', { body: 'Nobody' }),
  });
});
