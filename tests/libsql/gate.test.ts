import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Viewer } from '../../functions/auth/viewer';
import { user } from '../../functions/db/schema';
import { runSeeds } from '../../functions/seed';
import { siteSettingsSeed } from '../../functions/seed/site-settings';
import { createShortLink, resolveShortLink } from '../../functions/services/short-links';
import { unlockGate, updateSiteSettings, viewSiteSettings } from '../../functions/services/site-settings';
import { readGateSettings } from '../../functions/services/site-settings/internal/store';
import { ANYONE } from '../support/actors';
import { createLibsqlDb, libsqlDeps } from '../support/libsql';

/** The gate's and short links' SQL (upserts, insert-or-nothing with returning) on the production driver. */
let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
let viewer: Viewer;

/** KV's get/put/delete over a Map: the parity tests are about the SQL, KV has its own workerd tests. */
const memoryKv = () => {
  const m = new Map<string, string>();
  return {
    get: async (k: string, type?: string) => {
      const v = m.get(k) ?? null;
      return v !== null && type === 'json' ? JSON.parse(v) : v;
    },
    put: async (k: string, v: string) => void m.set(k, v),
    delete: async (k: string) => void m.delete(k),
  } as unknown as KVNamespace;
};

beforeAll(async () => {
  ctx = await createLibsqlDb();
  const id = crypto.randomUUID();
  const now = new Date();
  await ctx.db.insert(user).values({ id, name: 'admin', email: 'a@example.test', createdAt: now, updatedAt: now });
  viewer = {
    userId: id,
    email: 'a@example.test',
    username: 'admin',
    avatarUrl: null,
    roles: ['admin'],
    sessionExpiresAt: '',
  };
  await runSeeds(libsqlDeps(ctx.db), () => {}, [siteSettingsSeed]);
});
afterAll(() => ctx.close());

describe('coming-soon settings on libSQL', () => {
  it('start off, switch on with a passcode, unlock with it', async () => {
    const kv = memoryKv();
    const deps = libsqlDeps(ctx.db, { kv });
    expect(await viewSiteSettings(deps, viewer)).toEqual({ comingSoonEnabled: false, passcodeSet: false });
    await updateSiteSettings(deps, viewer, { comingSoonEnabled: true, passcode: 'libsql-pass' });
    expect(await viewSiteSettings(deps, viewer)).toEqual({ comingSoonEnabled: true, passcodeSet: true });
    expect(await readGateSettings(deps)).toMatchObject({ enabled: true });
    await expect(unlockGate(deps, ANYONE, 'nope', '192.0.2.1')).rejects.toMatchObject({ code: 'forbidden' });
    expect(await unlockGate(deps, ANYONE, 'libsql-pass', '192.0.2.1')).toMatch(/^1\.\d+\./);
  });
});

describe('short links on libSQL', () => {
  it('give the same path the same code, and resolve from the table', async () => {
    const deps = libsqlDeps(ctx.db, { kv: memoryKv() });
    const [a, b] = await Promise.all([
      createShortLink(deps, viewer, { path: '/movie/lib-1' }),
      createShortLink(deps, viewer, { path: '/movie/lib-1' }),
    ]);
    expect(a.code).toBe(b.code);
    expect(await resolveShortLink(libsqlDeps(ctx.db, { kv: memoryKv() }), ANYONE, a.code)).toBe('/movie/lib-1');
    expect(await resolveShortLink(libsqlDeps(ctx.db, { kv: memoryKv() }), ANYONE, 'unknown')).toBeNull();
  });
});
