import { eq } from 'drizzle-orm';
import { beforeAll, describe } from 'vitest';
import { getDb } from '../../../functions/db/client';
import { siteSettings } from '../../../functions/db/schema';
import type { Bindings } from '../../../functions/env';
import { createDeps } from '../../../functions/platform/create-deps';
import { setClockOffset, unlockGate, updateSiteSettings } from '../../../functions/services/site-settings';
import { ANYONE } from '../../support/actors';
import { asViewer, jsonInit, makeUser, type TestUser } from '../factories';
import { call, env, testDeps } from '../worker-call';
import { scenario } from './harness';

/*
 * Site settings and the local clock: an admin's change of either is audited; a passcode try is not.
 * The gate stays off and the clock offset 0 (the offset is adopted by the whole worker: a moved
 * clock would move every later test's deadlines).
 */

let admin: TestUser;
const adminV = () => asViewer(admin, ['viewer', 'admin']);
const PASSCODE = 'write-path-passcode';

beforeAll(async () => {
  admin = await makeUser(['admin'], 'wps_admin');
});

/** The deps of a production worker over the same database (tests/workers/clock.test.ts). */
const production = () =>
  createDeps({
    ...env,
    ENVIRONMENT: 'production',
    PUBLIC_URL: 'https://reelfund.example',
    AUTH_SECRET: 'p'.repeat(40),
    MAIL_API_URL: 'https://mail.example/send',
    MAIL_API_KEY: 'key',
    MAIL_FROM: 'Reelfund <no-reply@reelfund.example>',
    STRIPE_SECRET_KEY: 'sk_test_production_like',
    STRIPE_WEBHOOK_SECRET: 'whsec_platform',
    STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_connect',
    COINS_ENABLED: 'false',
  } as Bindings);

/** No passcode stored: switching the gate on must then be refused. */
const noPasscode = () =>
  getDb(env).update(siteSettings).set({ settingValue: '' }).where(eq(siteSettings.settingKey, 'coming_soon_passcode'));

describe('write path: site settings', { timeout: 30_000 }, () => {
  scenario('site-settings/update#updateSiteSettings', {
    setup: noPasscode,
    run: (s) => updateSiteSettings(s, adminV(), { comingSoonEnabled: false }),
    route: () => call('/api/admin/site-settings', jsonInit('PUT', { comingSoonEnabled: false }, admin.cookie)),
    // The gate cannot go on without a passcode: 400.
    refuse: (s) => updateSiteSettings(s, adminV(), { comingSoonEnabled: true }),
  });

  scenario('site-settings/clock#setClockOffset', {
    setup: async () => {},
    run: (s) => setClockOffset(s, adminV(), { offsetMs: 0 }),
    route: () => call('/api/dev/clock', jsonInit('PUT', { offsetMs: 0 }, admin.cookie)),
    // Production runs on the real time: 403.
    refuse: () => setClockOffset(production(), adminV(), { offsetMs: 0 }),
  });

  scenario('site-settings/gate#unlockGate', {
    // A passcode is set while the gate stays off.
    setup: () => updateSiteSettings(testDeps(), adminV(), { comingSoonEnabled: false, passcode: PASSCODE }),
    run: (s) => unlockGate(s, ANYONE, PASSCODE, null),
    // A wrong passcode: 403.
    refuse: (s) => unlockGate(s, ANYONE, 'not-the-passcode', null),
  });
});
