import { eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it, vi } from 'vitest';
import { getDb } from '../../functions/db/client';
import { shortUrls, videos } from '../../functions/db/schema';
import { SHORT_LINK_KV_PREFIX } from '../../functions/domain/short-links/target';
import { makeFilm } from './campaign-factories';
import { jsonInit, makeUser, ORIGIN, type TestUser, uid } from './factories';
import { call, env } from './worker-call';

let member: TestUser;
let admin: TestUser;
beforeAll(async () => {
  member = await makeUser([], 'linker');
  admin = await makeUser(['admin'], 'linkadmin');
});

async function create(path: string, who: TestUser | null = member) {
  return call('/api/short-links', jsonInit('POST', { path }, who?.cookie));
}

async function codeFor(path: string, who: TestUser = member) {
  const res = await create(path, who);
  expect(res.status, await res.clone().text()).toBe(200);
  return res.json<{ code: string; url: string }>();
}

async function follow(path: string) {
  const res = await call(path, { redirect: 'manual' });
  expect(res.status, path).toBe(302);
  expect(await res.text(), 'no page, no JavaScript').toBe('');
  return res.headers.get('location');
}

/** A stored row made directly, as older data or another tool might have left it. */
async function storedLink(originalUrl: string) {
  const code = `t${uid()}`;
  await getDb(env).insert(shortUrls).values({ shortCode: code, originalUrl });
  return code;
}

describe('short links: create', () => {
  it('gives a 7-character code and its address; the same path always gets the same code', async () => {
    const path = `/movie/${uid()}`;
    const first = await codeFor(path);
    expect(first.code).toMatch(/^[A-Za-z0-9]{7}$/);
    expect(first.url).toBe(`${ORIGIN}/s/${first.code}`);
    expect((await codeFor(path)).code).toBe(first.code);
    expect((await codeFor(path, admin)).code).toBe(first.code);
    expect((await codeFor(`${path}/donate`)).code).not.toBe(first.code);
  });

  it('gives one code to the same path asked for at once', async () => {
    const path = `/movie/${uid()}/coins`;
    const links = await Promise.all(Array.from({ length: 5 }, () => codeFor(path)));
    expect(new Set(links.map((l) => l.code)).size).toBe(1);
  });

  it('only links pages of this site that the caller may open', async () => {
    expect((await create('/faq', null)).status).toBe(401);
    expect((await create('https://evil.example/phish')).status).toBe(400);
    expect((await create('//evil.example/phish')).status).toBe(400);
    expect((await create('/no/such/page')).status).toBe(400);
    expect((await create('/s/abcdefg')).status).toBe(400);
    expect((await create('/admin?tab=settings')).status).toBe(403);
    expect((await create('/admin?tab=settings', admin)).status).toBe(200);
  });
});

/** The Share control's call: anyone, for a catalogue film's page or coins page. */
async function share(page: string, id: string, who: TestUser | null = null) {
  return call('/api/short-links/share', jsonInit('POST', { page, id }, who?.cookie));
}

describe('short links: share a page (issue 49 item 5)', () => {
  it("gives a film's page one code, made once and the same for everyone after; the code leads to the page", async () => {
    const filmId = await makeFilm(member.id);
    const first = await share('film', filmId);
    expect(first.status, await first.clone().text()).toBe(200);
    const link = await first.json<{ code: string; url: string }>();
    expect(link.url).toBe(`${ORIGIN}/s/${link.code}`);
    expect((await (await share('film', filmId)).json<{ code: string }>()).code).toBe(link.code);
    expect((await (await share('film', filmId, admin)).json<{ code: string }>()).code).toBe(link.code);
    // The mapping is stored: one row for the page, and the signed-in short link of the same path is the same code.
    const rows = await getDb(env)
      .select()
      .from(shortUrls)
      .where(eq(shortUrls.originalUrl, `/movie/${filmId}`));
    expect(rows.map((r) => r.shortCode)).toEqual([link.code]);
    expect((await codeFor(`/movie/${filmId}`)).code).toBe(link.code);
    expect(await follow(`/s/${link.code}`)).toBe(`/movie/${filmId}`);
    // The coins page has a code of its own.
    const coins = await (await share('coins', filmId)).json<{ code: string }>();
    expect(coins.code).not.toBe(link.code);
    expect(await follow(`/s/${coins.code}`)).toBe(`/movie/${filmId}/coins`);
  });

  it('gives one code to the same page shared at once', async () => {
    const filmId = await makeFilm(member.id);
    const answers = await Promise.all(Array.from({ length: 5 }, () => share('film', filmId)));
    expect(answers.map((r) => r.status)).toEqual([200, 200, 200, 200, 200]);
    const codes = await Promise.all(answers.map(async (r) => (await r.json<{ code: string }>()).code));
    expect(new Set(codes).size).toBe(1);
    expect(codes[0]).toMatch(/^[A-Za-z0-9]{7}$/);
  });

  it('links only a film in the catalogue: unknown or hidden is 404, another page kind 400', async () => {
    expect((await share('film', `no-such-${uid()}`)).status).toBe(404);
    const hiddenFilm = await makeFilm(member.id);
    await getDb(env).update(videos).set({ reviewStatus: 'rejected' }).where(eq(videos.id, hiddenFilm));
    expect((await share('film', hiddenFilm)).status).toBe(404);
    expect((await share('film', hiddenFilm, member)).status).toBe(404);
    expect((await share('admin', hiddenFilm)).status).toBe(400);
    expect((await share('film', '../admin')).status).toBe(400);
    const rows = await getDb(env)
      .select()
      .from(shortUrls)
      .where(eq(shortUrls.originalUrl, `/movie/${hiddenFilm}`));
    expect(rows).toEqual([]);
  });
});

describe('short links: /s/{shortCode}', () => {
  it('redirects to the stored path, with its query, from the worker', async () => {
    const path = `/search?q=${uid()}%20films`;
    const { code } = await codeFor(path);
    expect(await follow(`/s/${code}`)).toBe(path);
  });

  it('falls back to the table on a KV miss, and fills KV again', async () => {
    const path = `/movie/${uid()}`;
    const { code } = await codeFor(path);
    await env.KV.delete(`${SHORT_LINK_KV_PREFIX}${code}`);
    expect(await follow(`/s/${code}`)).toBe(path);
    expect(await env.KV.get(`${SHORT_LINK_KV_PREFIX}${code}`)).toBe(path);
  });

  it("answers a code it resolved before from the isolate's memory: the second redirect reads no KV", async () => {
    const path = `/movie/${uid()}`;
    const { code } = await codeFor(path);
    expect(await follow(`/s/${code}`)).toBe(path);
    // A code never changes what it points to; were KV read again, this stray copy would be followed.
    await env.KV.put(`${SHORT_LINK_KV_PREFIX}${code}`, '/faq');
    expect(await follow(`/s/${code}`)).toBe(path);
  });

  it('goes home, and logs, for a missing or unknown code', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      expect(await follow('/s/NoSuch1')).toBe('/');
      expect(warn).toHaveBeenCalledWith('Short link not found:', 'NoSuch1');
      expect(await follow('/s/')).toBe('/');
      expect(await follow('/s')).toBe('/');
      expect(await follow('/s/%3Cscript%3E')).toBe('/');
    } finally {
      warn.mockRestore();
    }
  });

  it('never leaves the site: a stored address on another host goes home', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    try {
      for (const foreign of [
        'https://evil.example/x',
        '//evil.example/x',
        '/\\evil.example/x',
        'javascript:alert(1)',
        `${ORIGIN}//evil.example`,
      ]) {
        expect(await follow(`/s/${await storedLink(foreign)}`), foreign).toBe('/');
      }
      // A full address on this site's own origin is followed to its path.
      expect(await follow(`/s/${await storedLink(`${ORIGIN}/faq?x=1`)}`)).toBe('/faq?x=1');
    } finally {
      warn.mockRestore();
    }
  });

  it('resolves while the coming-soon gate is on (/s/ is exempt)', async () => {
    const { code } = await codeFor('/faq');
    const on = await call(
      '/api/admin/site-settings',
      jsonInit('PUT', { comingSoonEnabled: true, passcode: 'pass-1234' }, admin.cookie),
    );
    expect(on.status).toBe(200);
    try {
      expect(await follow(`/s/${code}`)).toBe('/faq');
    } finally {
      await call('/api/admin/site-settings', jsonInit('PUT', { comingSoonEnabled: false }, admin.cookie));
    }
  });
});
