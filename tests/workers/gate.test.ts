import { eq } from 'drizzle-orm';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Db } from '../../functions/db/client';
import { getDb } from '../../functions/db/client';
import { siteSettings } from '../../functions/db/schema';
import { ACCESS_COOKIE, signAccess } from '../../functions/domain/site-settings/access-cookie';
import { passcodeVersion } from '../../functions/domain/site-settings/passcode';
import { getConfig } from '../../functions/env';
import { MAX_UNLOCK_FAILURES } from '../../functions/services/site-settings';
import { GATE_OFF, readGateSettings, SETTINGS_KV_KEY } from '../../functions/services/site-settings/internal/store';
import { PAGE_MARKER } from './entry';
import { jsonInit, makeUser, type TestUser } from './factories';
import { call, env } from './worker-call';

const PASSCODE = 'open-sesame-7';

let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  admin = await makeUser(['admin'], 'gateadmin');
  member = await makeUser([], 'gatemember');
});

async function setGate(body: { comingSoonEnabled: boolean; passcode?: string }) {
  const res = await call('/api/admin/site-settings', jsonInit('PUT', body, admin.cookie));
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<{ settings: { comingSoonEnabled: boolean; passcodeSet: boolean } }>();
}

async function page(path: string, cookie?: string) {
  const res = await call(path, { headers: cookie ? { cookie } : {}, redirect: 'manual' });
  return { res, body: await res.text() };
}

const isComingSoon = (body: string) => body.includes('data-coming-soon') && body.includes('Coming Soon');

async function unlock(passcode: string, headers: Record<string, string> = {}) {
  const init = jsonInit('POST', { passcode });
  return call('/api/gate/unlock', { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } });
}

async function accessCookieFor(passcode = PASSCODE) {
  const res = await unlock(passcode);
  expect(res.status).toBe(200);
  const setCookie = res.headers.getSetCookie().find((c) => c.startsWith(`${ACCESS_COOKIE}=`));
  if (!setCookie) throw new Error('no access cookie');
  return setCookie.split(';')[0] as string;
}

const storedPasscode = async () =>
  (
    await getDb(env)
      .select({ value: siteSettings.settingValue })
      .from(siteSettings)
      .where(eq(siteSettings.settingKey, 'coming_soon_passcode'))
      .get()
  )?.value ?? '';

beforeEach(async () => {
  await setGate({ comingSoonEnabled: false });
});

describe('coming-soon gate: off', () => {
  it('serves pages and the API as usual', async () => {
    const { res, body } = await page('/');
    expect(res.status).toBe(200);
    expect(body).toContain(PAGE_MARKER);
    const api = await call('/api/short-links', jsonInit('POST', { path: '/faq' }, member.cookie));
    expect(api.status).toBe(200);
    const status = await (await call('/api/gate/status')).json();
    expect(status).toEqual({ enabled: false, authorized: true, byPasscode: false });
  });
});

describe('coming-soon gate: on', () => {
  beforeEach(async () => {
    await setGate({ comingSoonEnabled: true, passcode: PASSCODE });
  });

  it('replaces every non-exempt page with the Coming Soon document: no page content, no passcode', async () => {
    const stored = await storedPasscode();
    for (const path of ['/', '/search?q=film', '/movie/m1/donate', '/admin', '/account', '/no-such-page']) {
      const { res, body } = await page(path);
      expect(res.status, path).toBe(200);
      expect(isComingSoon(body), path).toBe(true);
      expect(body, path).not.toContain(PAGE_MARKER);
      expect(body, path).not.toContain(PASSCODE);
      expect(body, path).not.toContain(passcodeVersion(stored));
      expect(res.headers.get('cache-control')).toContain('no-store');
      expect(res.headers.get('x-robots-tag')).toBe('noindex');
      // Its inline script and style run by nonce; nothing else inline does.
      expect(res.headers.get('content-security-policy')).toMatch(/script-src 'nonce-[^']+'/);
    }
  });

  it('keeps exactly the exempt fragments open (/search is not exempt, /search-results is)', async () => {
    for (const path of [
      '/auth',
      '/apply',
      '/faq',
      '/coins-faq',
      '/contact',
      '/privacy',
      '/terms',
      '/donation-success',
      '/stripe-setup-complete',
    ]) {
      const { body } = await page(path);
      expect(body, path).toContain(PAGE_MARKER);
    }
    // Exempt from the gate, still protected: a signed-out visitor goes to sign in, not to Coming Soon.
    for (const path of ['/browse-by-category', '/new-and-popular', '/my-list', '/admin/coming-soon-preview']) {
      const { res } = await page(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get('location'), path).toMatch(/^\/auth\?redirect=/);
    }
    expect(isComingSoon((await page('/search-results')).body)).toBe(false);
    expect(isComingSoon((await page('/search')).body)).toBe(true);
  });

  it('answers /api/* with 403 except the allowlist', async () => {
    const refused = await call('/api/short-links', jsonInit('POST', { path: '/faq' }, member.cookie));
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ error: { code: 'forbidden' } });
    expect((await call('/api/dev/outbox')).status).toBe(403);
    expect((await call('/api/no-such-endpoint')).status).toBe(403);

    expect((await call('/api/health')).status).toBe(200);
    expect((await call('/api/auth/get-session')).status).toBe(200);
    expect((await call('/api/me', { headers: { cookie: member.cookie } })).status).toBe(200);
    // Payment webhooks pass the gate: they reach the endpoint, which refuses an unsigned event (400, not 403).
    const webhook = await call('/api/webhooks/stripe', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
    });
    expect(webhook.status).toBe(400);
    const status = await call('/api/gate/status', { headers: { cookie: member.cookie } });
    expect(await status.json()).toEqual({ enabled: true, authorized: false, byPasscode: false });
  });

  it('a wrong passcode unlocks nothing and says nothing more than 403', async () => {
    for (const wrong of ['open-sesame', `${PASSCODE} `, PASSCODE.toUpperCase(), '']) {
      const res = await unlock(wrong);
      expect(res.status, wrong).toBe(403);
      expect(res.headers.getSetCookie()).toEqual([]);
      expect(await res.text()).not.toContain(PASSCODE);
    }
  });

  it('the right passcode sets a signed httpOnly cookie that opens pages and the API', async () => {
    const res = await unlock(PASSCODE);
    expect(res.status).toBe(200);
    const [setCookie] = res.headers.getSetCookie();
    expect(setCookie).toMatch(new RegExp(`^${ACCESS_COOKIE}=`));
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Lax/);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toContain(PASSCODE);
    const access = (setCookie as string).split(';')[0] as string;

    const { body } = await page('/', access);
    expect(body).toContain(PAGE_MARKER);
    const api = await call('/api/short-links', jsonInit('POST', { path: '/faq' }, `${member.cookie}; ${access}`));
    expect(api.status).toBe(200);
    const status = await (await call('/api/gate/status', { headers: { cookie: access } })).json();
    expect(status).toEqual({ enabled: true, authorized: true, byPasscode: true });
  });

  it('the local flag alone unlocks nothing', async () => {
    const { body } = await page('/', 'coming_soon_authorized=true');
    expect(isComingSoon(body)).toBe(true);
  });

  it('refuses a tampered, foreign, expired or outdated cookie', async () => {
    const good = (await accessCookieFor()).slice(ACCESS_COOKIE.length + 1);
    const [format, issued, version, sig] = good.split('.') as [string, string, string, string];
    const secret = getConfig(env).AUTH_SECRET;
    const flipped = `${sig.slice(0, -2)}${sig.at(-2) === 'A' ? 'B' : 'A'}${sig.at(-1)}`;
    const forged = [
      `${format}.${issued}.${version}.${flipped}`,
      `${format}.${Number(issued) + 60}.${version}.${sig}`,
      `${format}.${issued}.other-version.${sig}`,
      `2.${issued}.${version}.${sig}`,
      `${format}.${issued}.${version}`,
      'true',
      await signAccess('another-secret-that-is-long-enough-000', version),
      await signAccess(secret, version, Date.now() - 31 * 24 * 60 * 60 * 1000),
    ];
    for (const value of forged) {
      const { body } = await page('/', `${ACCESS_COOKIE}=${value}`);
      expect(isComingSoon(body), value).toBe(true);
      const api = await call('/api/short-links', {
        ...jsonInit('POST', { path: '/faq' }),
        headers: { 'content-type': 'application/json', cookie: `${member.cookie}; ${ACCESS_COOKIE}=${value}` },
      });
      expect(api.status, value).toBe(403);
    }
    expect((await page('/', `${ACCESS_COOKIE}=${good}`)).body).toContain(PAGE_MARKER);
  });

  it('a new passcode locks out browsers that entered the old one', async () => {
    const access = await accessCookieFor();
    await setGate({ comingSoonEnabled: true, passcode: 'a-new-passcode' });
    expect(isComingSoon((await page('/', access)).body)).toBe(true);
    // Switching the gate off and on again keeps the same passcode, and the access that goes with it.
    const again = await accessCookieFor('a-new-passcode');
    await setGate({ comingSoonEnabled: false });
    await setGate({ comingSoonEnabled: true });
    expect((await page('/', again)).body).toContain(PAGE_MARKER);
  });

  it('reset clears the access cookie', async () => {
    const res = await call('/api/gate/reset', jsonInit('POST', {}, await accessCookieFor()));
    expect(res.status).toBe(200);
    const [cleared] = res.headers.getSetCookie();
    expect(cleared).toMatch(new RegExp(`^${ACCESS_COOKIE}=;`));
    expect(cleared).toMatch(/Max-Age=0/);
  });

  it('never locks out admins, and does lock out other signed-in users', async () => {
    expect((await page('/', admin.cookie)).body).toContain(PAGE_MARKER);
    expect((await page('/admin', admin.cookie)).body).toContain(PAGE_MARKER);
    expect((await call('/api/admin/site-settings', { headers: { cookie: admin.cookie } })).status).toBe(200);
    const status = await (await call('/api/gate/status', { headers: { cookie: admin.cookie } })).json();
    expect(status).toEqual({ enabled: true, authorized: true, byPasscode: false });

    expect(isComingSoon((await page('/', member.cookie)).body)).toBe(true);
  });

  it('limits wrong passcodes per address', async () => {
    const address = { 'cf-connecting-ip': `203.0.113.${Math.floor(Math.random() * 250)}` };
    for (let i = 0; i < MAX_UNLOCK_FAILURES; i++) expect((await unlock('wrong-guess', address)).status).toBe(403);
    const blocked = await unlock(PASSCODE, address);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.getSetCookie()).toEqual([]);
    // Another address is not affected.
    expect((await unlock(PASSCODE, { 'cf-connecting-ip': '198.51.100.7' })).status).toBe(200);
  });
});

describe('coming-soon settings', () => {
  it('never show the passcode, and need one before the gate goes on', async () => {
    const db = getDb(env);
    await db.update(siteSettings).set({ settingValue: '' }).where(eq(siteSettings.settingKey, 'coming_soon_passcode'));
    const refused = await call('/api/admin/site-settings', jsonInit('PUT', { comingSoonEnabled: true }, admin.cookie));
    expect(refused.status).toBe(400);
    const short = await call(
      '/api/admin/site-settings',
      jsonInit('PUT', { comingSoonEnabled: true, passcode: 'abc' }, admin.cookie),
    );
    expect(short.status).toBe(400);

    const saved = await setGate({ comingSoonEnabled: true, passcode: PASSCODE });
    expect(saved.settings).toEqual({ comingSoonEnabled: true, passcodeSet: true });
    const read = await call('/api/admin/site-settings', { headers: { cookie: admin.cookie } });
    const text = await read.text();
    expect(text).not.toContain(PASSCODE);
    expect(JSON.parse(text)).toEqual({ settings: { comingSoonEnabled: true, passcodeSet: true } });
    // The record holds a hash, and so does the KV copy.
    expect(await storedPasscode()).toMatch(/^pbkdf2-sha256\$/);
    expect(await env.KV.get(SETTINGS_KV_KEY)).not.toContain(PASSCODE);
  });

  it('read from KV first; on a KV miss from the table, which fills KV again', async () => {
    await setGate({ comingSoonEnabled: true, passcode: PASSCODE });
    const db = getDb(env);
    // The record says off, but KV (the fast path) still says on.
    await db
      .update(siteSettings)
      .set({ settingValue: 'false' })
      .where(eq(siteSettings.settingKey, 'coming_soon_enabled'));
    expect(isComingSoon((await page('/')).body)).toBe(true);
    // A KV miss falls back to the table...
    await env.KV.delete(SETTINGS_KV_KEY);
    expect((await page('/')).body).toContain(PAGE_MARKER);
    expect(JSON.parse((await env.KV.get(SETTINGS_KV_KEY)) ?? '{}')).toMatchObject({ enabled: false });
    // ...and an enabled record behind a KV miss locks the site.
    await db
      .update(siteSettings)
      .set({ settingValue: 'true' })
      .where(eq(siteSettings.settingKey, 'coming_soon_enabled'));
    await env.KV.delete(SETTINGS_KV_KEY);
    expect(isComingSoon((await page('/')).body)).toBe(true);
    expect((await call('/api/short-links', jsonInit('POST', { path: '/faq' }, member.cookie))).status).toBe(403);
  });

  it('count as off with an empty passcode when neither KV nor the table answers', async () => {
    const failing = () => {
      throw new Error('unavailable');
    };
    const kv = { get: failing, put: failing } as unknown as KVNamespace;
    const db = { select: failing } as unknown as Db;
    expect(await readGateSettings({ db, kv })).toEqual(GATE_OFF);
    expect(GATE_OFF).toEqual({ enabled: false, passcode: '' });
  });
});
