import { describe, expect, inject, it } from 'vitest';

const base = () => inject('baseUrl');
const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);
const json = { 'content-type': 'application/json' };

async function signUp() {
  const name = `http_${uid()}`;
  const res = await fetch(`${base()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { ...json, origin: base() },
    body: JSON.stringify({ email: `${name}@example.test`, password: 'http-pass-123', name }),
  });
  expect(res.status).toBe(200);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
}

async function seededFilm(title: string) {
  const { hits } = (await (await fetch(`${base()}/api/search?q=${encodeURIComponent(title)}`)).json()) as {
    hits: { id: string; title: string }[];
  };
  const hit = hits.find((h) => h.title === title);
  if (!hit) throw new Error(`no seeded film ${title}`);
  return hit.id;
}

/** Astro hashes inline scripts per page, so the same page gives the same bytes when nothing personal is in it. */
const page = async (path: string, cookie?: string) =>
  (await fetch(`${base()}${path}`, { headers: cookie ? { cookie } : {} })).text();

describe('catalogue pages over HTTP', () => {
  it("never put a viewer's list or progress into the shared home page", async () => {
    const cookie = await signUp();
    const id = await seededFilm('Bee Season');
    const put = await fetch(`${base()}/api/my-list/${id}`, { method: 'PUT', headers: { cookie, origin: base() } });
    expect(put.status).toBe(200);
    const saved = await fetch(`${base()}/api/watch/${id}`, {
      method: 'PUT',
      headers: { ...json, origin: base(), cookie },
      body: JSON.stringify({ positionSeconds: 2, durationSeconds: 6 }),
    });
    expect(saved.status).toBe(200);
    const mine = await page('/', cookie);
    const anonymous = await page('/');
    expect(mine).toBe(anonymous);
    // The personal rows come from per-viewer API calls, marked private.
    const list = await fetch(`${base()}/api/my-list`, { headers: { cookie } });
    expect(list.headers.get('cache-control')).toBe('private, no-store');
    expect(JSON.stringify(await list.json())).toContain(id);
  });

  it('marks a film page rendered for a signed-in viewer private, and shows the player only then', async () => {
    const cookie = await signUp();
    const id = await seededFilm('Glass Moon');
    const signedIn = await fetch(`${base()}/movie/${id}`, { headers: { cookie } });
    expect(signedIn.headers.get('cache-control')).toBe('private, no-store');
    expect(await signedIn.text()).toContain(`/api/media/videos/${id}`);
    const anonymous = await (await fetch(`${base()}/movie/${id}`)).text();
    expect(anonymous).not.toContain(`/api/media/videos/${id}`);
    expect(anonymous).toContain('data-sign-in-to-watch');
  });

  it('streams the seeded clip from R2 in ranges to a signed-in viewer', async () => {
    const cookie = await signUp();
    const id = await seededFilm('Undertow');
    const res = await fetch(`${base()}/api/media/videos/${id}`, { headers: { cookie, range: 'bytes=0-3' } });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toMatch(/^bytes 0-3\/\d+$/);
    // A WebM file starts with the EBML magic number.
    expect([...new Uint8Array(await res.arrayBuffer())]).toEqual([0x1a, 0x45, 0xdf, 0xa3]);
  });
});
