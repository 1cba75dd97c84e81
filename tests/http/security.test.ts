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

describe('security headers on every kind of response', () => {
  /** A built script of the home page's (served from /_astro/* without the worker). */
  async function builtFile() {
    const html = await (await get('/')).text();
    const src = html.match(/\/_astro\/[^"'\s>]+\.(?:js|css)/)?.[0];
    expect(src, 'the home page loads a built file').toBeTruthy();
    return src as string;
  }

  const kinds: [string, () => Promise<string>][] = [
    ['a server-rendered page', async () => '/'],
    ['a prerendered page', async () => '/auth'],
    ['an API answer', async () => '/api/health'],
    ['an API error', async () => '/api/no-such-route'],
    ['a built file under /_astro/', builtFile],
    ['the favicon', async () => '/favicon.svg'],
    ['robots.txt', async () => '/robots.txt'],
    ['a path under /media/', async () => '/media/no-such-file.webm'],
  ];

  it.each(kinds)('%s', async (_kind, pathOf) => {
    const path = await pathOf();
    const res = await get(path);
    await res.arrayBuffer();
    expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
    expect(res.headers.get('x-frame-options'), path).toBe('DENY');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp, path).toMatch(/(^|;)\s*default-src '(none|self)'/);
    expect(csp, path).toContain("frame-ancestors 'none'");
    // Sockets and fetches reach the site itself and the chain's RPC, never any ws:/wss: host.
    expect(csp, path).not.toMatch(/connect-src[^;]*\s(ws:|wss:)(\s|;|$)/);
  });

  it("inline code runs only by Astro's hashes: in the header of a rendered page, in a <meta> of a built one", async () => {
    const directive = (csp: string, name: string) =>
      csp
        .split(';')
        .map((d) => d.trim())
        .find((d) => d.startsWith(`${name} `)) ?? '';
    const rendered = (await get('/')).headers.get('content-security-policy') ?? '';
    expect(directive(rendered, 'script-src')).toMatch(/'sha256-/);
    expect(directive(rendered, 'script-src')).not.toContain('unsafe-inline');
    // A prerendered page's header allows inline code; its own <meta> policy, which applies as well, names each hash.
    const built = await (await get('/auth')).text();
    const meta = built.match(/<meta http-equiv="content-security-policy" content="([^"]*)"/i)?.[1] ?? '';
    expect(directive(meta, 'script-src')).toMatch(/'sha256-/);
    expect(directive(meta, 'script-src')).not.toContain('unsafe-inline');
  });

  it("a page's connect-src names the site and the chain's RPC only", async () => {
    const csp = (await get('/')).headers.get('content-security-policy') ?? '';
    const connect = csp
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .find(([name]) => name === 'connect-src');
    const site = new URL(base());
    expect(connect?.slice(1)).toContain("'self'");
    for (const source of connect?.slice(1) ?? []) {
      if (source === "'self'") continue;
      const url = new URL(source);
      // The site's own sockets, or an http(s) RPC origin.
      if (url.protocol === 'ws:' || url.protocol === 'wss:') expect(url.hostname).toBe(site.hostname);
      else expect(['http:', 'https:']).toContain(url.protocol);
    }
  });
});
