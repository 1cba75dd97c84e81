import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { PAGE_MARKER } from '../entry';
import { jsonInit, makeUser, ORIGIN, type TestUser, uid } from '../factories';
import { call } from '../worker-call';

const PASSCODE = 'open-sesame-7';

let admin: TestUser;
let member: TestUser;
beforeAll(async () => {
  admin = await makeUser(['admin'], 'secgateadmin');
  member = await makeUser([], 'secgatemember');
});

async function setGate(comingSoonEnabled: boolean) {
  const res = await call(
    '/api/admin/site-settings',
    jsonInit('PUT', { comingSoonEnabled, passcode: PASSCODE }, admin.cookie),
  );
  expect(res.status, await res.clone().text()).toBe(200);
}

// The whole URL, so that `//admin` stays a path (resolved against a base it would name a host).
const page = (path: string, init: RequestInit = {}) => call(`${ORIGIN}${path}`, { redirect: 'manual', ...init });

describe('page protection holds for non-canonical paths', () => {
  beforeEach(() => setGate(false));

  it.each([
    '/%61dmin',
    '//admin',
    '/%61ccount',
    '/%63ontributor',
    '/admin%2F',
    '///contributor//payouts',
    '/%2561dmin',
  ])('signed out, %s shows no protected page', async (path) => {
    const res = await page(path);
    const body = await res.text();
    expect(body, path).not.toContain('Page /admin');
    expect(body, path).not.toContain('Page /account');
    expect(body, path).not.toContain('Page /contributor');
    // A redirect (to the canonical path, then to sign-in) or the 404 page (the stand-in answers it 200).
    expect(res.status !== 200 || body.includes('Page /__not-found__'), `${path}: ${res.status} ${body}`).toBe(true);
  });

  it('sends a non-canonical path to its canonical form, which is then protected', async () => {
    const res = await page('/%61dmin?tab=videos');
    expect(res.status).toBe(308);
    expect(res.headers.get('location')).toBe('/admin?tab=videos');
    const next = await page('/admin?tab=videos');
    expect(next.status).toBe(302);
    expect(next.headers.get('location')).toMatch(/^\/auth\?redirect=/);
  });

  it('leaves canonical paths with encoded characters alone', async () => {
    const res = await page('/search?q=%61%2F');
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(PAGE_MARKER);
  });
});

describe('pages answer only GET and HEAD', () => {
  beforeEach(() => setGate(false));

  it.each([
    ['POST', '/account', 'member'],
    ['POST', '/my-list', 'member'],
    ['POST', '/admin', 'admin'],
    ['PUT', '/', 'none'],
    ['DELETE', '/faq', 'none'],
    ['POST', '/movie/abc', 'none'],
  ])('%s %s (%s) → 405 with Allow', async (method, path, who) => {
    const cookie = who === 'member' ? member.cookie : who === 'admin' ? admin.cookie : undefined;
    const res = await page(path, {
      method,
      headers: { 'content-type': 'text/plain', origin: 'http://localhost:4321', ...(cookie ? { cookie } : {}) },
      body: 'x=1',
    });
    expect(res.status).toBe(405);
    expect(res.headers.get('allow')).toBe('GET, HEAD');
  });

  it('HEAD still answers', async () => {
    expect((await page('/faq', { method: 'HEAD' })).status).toBe(200);
  });
});

describe('while the coming-soon gate is on', () => {
  beforeEach(() => setGate(true));

  it('the statement is closed to a signed-in non-admin, /api/me stays open', async () => {
    expect((await call('/api/me', { headers: { cookie: member.cookie } })).status).toBe(200);
    for (const path of ['/api/me/statement', '/api/me/statement.csv']) {
      const res = await call(path, { headers: { cookie: member.cookie } });
      expect(res.status, path).toBe(403);
    }
    expect((await call('/api/me/statement', { headers: { cookie: admin.cookie } })).status).toBe(200);
  });

  it('20 parallel wrong passcodes from one address: 10 are checked (403), 10 refused (429)', async () => {
    const ip = `2001:db8::${uid().slice(0, 4)}`;
    const all = await Promise.all(
      Array.from({ length: 20 }, () => {
        const init = jsonInit('POST', { passcode: 'not-it' });
        return call('/api/gate/unlock', {
          ...init,
          headers: { ...(init.headers as Record<string, string>), 'cf-connecting-ip': ip },
        });
      }),
    );
    expect(all.filter((r) => r.status === 403)).toHaveLength(10);
    expect(all.filter((r) => r.status === 429)).toHaveLength(10);
  });
});
