import { beforeAll, describe, expect, it } from 'vitest';
import { makeUser, type TestUser } from '../factories';
import { call } from '../worker-call';
import { makeFilm, patternBytes } from './factories';

let owner: TestUser;
let viewer: TestUser;
let admin: TestUser;
let film: { id: string };
let pending: { id: string };
const SIZE = 1000;

beforeAll(async () => {
  owner = await makeUser(['contributor'], 'owner');
  viewer = await makeUser([], 'viewer');
  admin = await makeUser(['admin'], 'admin');
  film = await makeFilm(owner, { videoBytes: SIZE });
  pending = await makeFilm(owner, { status: 'pending', videoBytes: SIZE });
}, 60_000);

const get = (path: string, user: TestUser | null, headers: Record<string, string> = {}) =>
  call(path, { headers: { ...(user ? { cookie: user.cookie } : {}), ...headers } });

const bytes = async (res: Response) => new Uint8Array(await res.arrayBuffer());

describe('video bytes with range requests', () => {
  it('serves the whole file with Accept-Ranges, ETag and private caching', async () => {
    const res = await get(`/api/media/videos/${film.id}`, viewer);
    expect(res.status).toBe(200);
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    expect(res.headers.get('content-type')).toBe('video/webm');
    expect(res.headers.get('content-length')).toBe(String(SIZE));
    expect(res.headers.get('etag')).toBeTruthy();
    expect(res.headers.get('cache-control')).toMatch(/^private/);
    expect(await bytes(res)).toEqual(patternBytes(SIZE));
  });

  it('answers a closed range with 206 and the exact bytes', async () => {
    const res = await get(`/api/media/videos/${film.id}`, viewer, { range: 'bytes=100-199' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 100-199/${SIZE}`);
    expect(res.headers.get('content-length')).toBe('100');
    expect(await bytes(res)).toEqual(patternBytes(SIZE).slice(100, 200));
  });

  it('answers an open-ended range to the end of the file', async () => {
    const res = await get(`/api/media/videos/${film.id}`, viewer, { range: 'bytes=900-' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 900-999/${SIZE}`);
    expect(await bytes(res)).toEqual(patternBytes(SIZE).slice(900));
  });

  it('answers a suffix range with the last bytes', async () => {
    const res = await get(`/api/media/videos/${film.id}`, viewer, { range: 'bytes=-10' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 990-999/${SIZE}`);
    expect(await bytes(res)).toEqual(patternBytes(SIZE).slice(990));
  });

  it('clamps a range that runs past the end', async () => {
    const res = await get(`/api/media/videos/${film.id}`, viewer, { range: 'bytes=990-5000' });
    expect(res.status).toBe(206);
    expect(res.headers.get('content-range')).toBe(`bytes 990-999/${SIZE}`);
    expect((await bytes(res)).length).toBe(10);
  });

  it('refuses a range that starts past the end with 416 and the size', async () => {
    const res = await get(`/api/media/videos/${film.id}`, viewer, { range: `bytes=${SIZE}-` });
    expect(res.status).toBe(416);
    expect(res.headers.get('content-range')).toBe(`bytes */${SIZE}`);
    expect(await res.json()).toEqual({ error: { code: 'range_not_satisfiable', message: expect.any(String) } });
  });

  it('answers 304 to a matching If-None-Match, and ignores a range whose If-Range is stale', async () => {
    const first = await get(`/api/media/videos/${film.id}`, viewer);
    const etag = first.headers.get('etag') as string;
    await first.arrayBuffer();
    expect((await get(`/api/media/videos/${film.id}`, viewer, { 'if-none-match': etag })).status).toBe(304);
    const stale = await get(`/api/media/videos/${film.id}`, viewer, { range: 'bytes=0-9', 'if-range': '"old"' });
    expect(stale.status).toBe(200);
    await stale.arrayBuffer();
    const fresh = await get(`/api/media/videos/${film.id}`, viewer, { range: 'bytes=0-9', 'if-range': etag });
    expect(fresh.status).toBe(206);
    await fresh.arrayBuffer();
  });

  it('answers HEAD with the headers only', async () => {
    const res = await call(`/api/media/videos/${film.id}`, { method: 'HEAD', headers: { cookie: viewer.cookie } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-length')).toBe(String(SIZE));
    expect((await res.arrayBuffer()).byteLength).toBe(0);
  });
});

describe('who gets video bytes', () => {
  it('refuses a signed-out request, with no bytes, even with a range', async () => {
    const res = await get(`/api/media/videos/${film.id}`, null, { range: 'bytes=0-99' });
    expect(res.status).toBe(401);
    expect(Object.keys(await res.json())).toEqual(['error']);
  });

  it('gives an unapproved film to its owner and admins only; to others it does not exist', async () => {
    const other = await get(`/api/media/videos/${pending.id}`, viewer, { range: 'bytes=0-9' });
    expect(other.status).toBe(404);
    expect(Object.keys(await other.json())).toEqual(['error']);
    const mine = await get(`/api/media/videos/${pending.id}`, owner, { range: 'bytes=0-9' });
    expect(mine.status).toBe(206);
    await mine.arrayBuffer();
    const boss = await get(`/api/media/videos/${pending.id}`, admin, { range: 'bytes=0-9' });
    expect(boss.status).toBe(206);
    await boss.arrayBuffer();
  });

  it('answers 404 for a film that does not exist', async () => {
    expect((await get('/api/media/videos/no-such-film', viewer)).status).toBe(404);
  });
});

describe('posters', () => {
  it('are public for approved films, cacheable, with their size known to the page', async () => {
    const res = await get(`/api/media/posters/${film.id}`, null);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toMatch(/^public/);
    await res.arrayBuffer();
  });

  it('of an unapproved film are only for its owner and admins', async () => {
    expect((await get(`/api/media/posters/${pending.id}`, null)).status).toBe(404);
    expect((await get(`/api/media/posters/${pending.id}`, viewer)).status).toBe(404);
    const mine = await get(`/api/media/posters/${pending.id}`, owner);
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toContain('no-store');
    await mine.arrayBuffer();
  });
});
