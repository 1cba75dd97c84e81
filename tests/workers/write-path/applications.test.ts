import { eq } from 'drizzle-orm';
import { beforeAll, describe } from 'vitest';
import { getDb } from '../../../functions/db/client';
import { creatorApplications } from '../../../functions/db/schema';
import {
  approveApplication,
  rejectApplication,
  signUpFromApplication,
  submitApplication,
} from '../../../functions/services/applications';
import { ANYONE } from '../../support/actors';
import { applicationBody, signUpLinkOf } from '../applications-support';
import { asViewer, jsonInit, makeUser, type TestUser, uid } from '../factories';
import { call, env, testDeps } from '../worker-call';
import { scenario } from './harness';

/*
 * Creator applications: applying owes its mail (not audited: anyone's request); an admin's approval
 * or rejection is audited and owes its mail; the sign-up link's account is audited (a role granted).
 */

let admin: TestUser;
const adminV = () => asViewer(admin, ['viewer', 'admin']);

beforeAll(async () => {
  admin = await makeUser(['admin'], 'wpa_admin');
});

async function waiting() {
  const body = applicationBody();
  await submitApplication(testDeps(), ANYONE, body);
  const row = await getDb(env)
    .select()
    .from(creatorApplications)
    .where(eq(creatorApplications.email, body.email))
    .get();
  return { id: row?.id as string, email: body.email };
}

describe('write path: applications', { timeout: 30_000 }, () => {
  scenario('applications/submit#submitApplication', {
    setup: async () => applicationBody(),
    run: (s, body) => submitApplication(s, ANYONE, body),
    route: (body) => call('/api/applications', jsonInit('POST', body)),
    // Signed out without an email: 400.
    refuse: (s, body) => submitApplication(s, ANYONE, { ...body, email: undefined }),
  });

  scenario('applications/approve#approveApplication', {
    setup: waiting,
    run: (s, a) => approveApplication(s, adminV(), a.id),
    route: (a) => call(`/api/applications/${a.id}/approve`, jsonInit('POST', {}, admin.cookie)),
    // No such application: 404.
    refuse: (s) => approveApplication(s, adminV(), crypto.randomUUID()),
  });

  scenario('applications/reject#rejectApplication', {
    setup: waiting,
    run: (s, a) => rejectApplication(s, adminV(), a.id, { reason: 'Not yet' }),
    route: (a) => call(`/api/applications/${a.id}/reject`, jsonInit('POST', { reason: 'Not yet' }, admin.cookie)),
    refuse: (s) => rejectApplication(s, adminV(), crypto.randomUUID(), { reason: 'Not yet' }),
  });

  scenario('applications/sign-up#signUpFromApplication', {
    setup: async () => {
      const a = await waiting();
      await approveApplication(testDeps(), adminV(), a.id);
      return signUpLinkOf(a.email);
    },
    run: (s, link) =>
      signUpFromApplication(s, ANYONE, { ...link, username: `wpa_${uid()}`, password: 'ferry-river-43x' }),
    route: (link) =>
      call(
        '/api/applications/sign-up',
        jsonInit('POST', { ...link, username: `wpa_${uid()}`, password: 'ferry-river-43x' }),
      ),
    // Another email than the link's: 400.
    refuse: (s, link) =>
      signUpFromApplication(s, ANYONE, {
        ...link,
        email: `other_${uid()}@example.test`,
        username: `wpa_${uid()}`,
        password: 'ferry-river-43x',
      }),
  });
});
