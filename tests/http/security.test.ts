import { describe, expect, it } from 'vitest';
import { base, signIn } from './session';

const get = (path: string, cookie?: string) =>
  fetch(`${base()}${path}`, { redirect: 'manual', headers: cookie ? { cookie } : {} });

describe('pages with an overlong id answer 404, never 500', () => {
  const long = 'a'.repeat(600);
  it.each([`/movie/${long}`, `/movie/${long}/donate`, `/movie/${long}/coins`, `/api/payments/test-checkout/${long}`])(
    'signed out: %s',
    async (path) => {
      expect((await get(path)).status).toBe(404);
    },
  );

  it.each([
    `/movie/${long}`,
    `/movie/${long}/creators`,
    `/creator/${long}`,
    `/movie/${long}/fund`,
    `/messages/${long}`,
  ])('signed in: %s', async (path) => {
    const cookie = await signIn('viewer@reelfund.local');
    expect((await get(path, cookie)).status).toBe(404);
  });
});

describe('the real pages behind non-canonical paths', () => {
  it.each(['/%61dmin', '//admin', '/%61ccount', '/%63ontributor'])('%s is no page of its own', async (path) => {
    const res = await get(path);
    expect([301, 302, 307, 308, 404]).toContain(res.status);
    expect(await res.text()).not.toContain('Admin dashboard');
  });

  it('POST to a page an admin may open is 405 with Allow', async () => {
    const cookie = await signIn('admin@reelfund.local');
    for (const path of ['/admin', '/account', '/my-list']) {
      const res = await fetch(`${base()}${path}`, {
        method: 'POST',
        redirect: 'manual',
        headers: { cookie, origin: base(), 'content-type': 'text/plain' },
        body: 'x',
      });
      expect(res.status, path).toBe(405);
      expect(res.headers.get('allow')).toBe('GET, HEAD');
    }
  });
});
