import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { notifications, profiles, siteSettings, user, userRoles } from '../../functions/db/schema';
import { runSeeds } from '../../functions/seed';
import { createLibsqlApp, createLibsqlDb, libsqlDeps } from '../support/libsql';

let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
beforeAll(async () => {
  ctx = await createLibsqlDb();
});
afterAll(() => ctx.close());

async function makeUser(name = `u-${crypto.randomUUID().slice(0, 8)}`) {
  const id = crypto.randomUUID();
  const now = new Date();
  await ctx.db.insert(user).values({ id, name, email: `${name}@example.test`, createdAt: now, updatedAt: now });
  return id;
}

describe('migrations on libSQL', () => {
  it('create every table of the schema', async () => {
    const rows = await ctx.client.execute("select name from sqlite_master where type = 'table' order by name");
    const names = rows.rows.map((r) => r.name);
    for (const t of [
      'user',
      'session',
      'account',
      'verification',
      'rate_limit',
      'profiles',
      'user_roles',
      'site_settings',
      'short_urls',
      'notifications',
      'creator_messages',
      'seed_runs',
    ]) {
      expect(names).toContain(t);
    }
  });

  it('enforce the role CHECK constraint and foreign keys', async () => {
    const id = await makeUser();
    await expect(ctx.db.insert(userRoles).values({ userId: id, role: 'wizard' as never })).rejects.toThrow();
    await expect(ctx.db.insert(userRoles).values({ userId: 'nobody', role: 'viewer' })).rejects.toThrow();
    await ctx.db.insert(userRoles).values({ userId: id, role: 'viewer' });
    expect(await ctx.db.select().from(userRoles).where(eq(userRoles.userId, id))).toHaveLength(1);
  });

  it('keep usernames unique case-insensitively', async () => {
    const a = await makeUser();
    const b = await makeUser();
    const name = `Case${crypto.randomUUID().slice(0, 6)}`;
    await ctx.db.insert(profiles).values({ userId: a, username: name });
    await expect(ctx.db.insert(profiles).values({ userId: b, username: name.toLowerCase() })).rejects.toThrow();
  });
});

describe('atomic batches on libSQL', () => {
  it('write all rows or none', async () => {
    const id = await makeUser();
    const ok = ctx.db.insert(notifications).values({ userId: id, type: 'info', title: 't', message: 'm' });
    const bad = ctx.db.insert(notifications).values({ userId: id, type: 'bogus' as never, title: 't', message: 'm' });
    await expect(ctx.db.batch([ok, bad])).rejects.toThrow();
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, id))).toHaveLength(0);
    await ctx.db.batch([ctx.db.insert(notifications).values({ userId: id, type: 'info', title: 't', message: 'm' })]);
    expect(await ctx.db.select().from(notifications).where(eq(notifications.userId, id))).toHaveLength(1);
  });

  it('report affected rows of a conditional update through returning()', async () => {
    await ctx.db.insert(siteSettings).values({ settingKey: `k-${crypto.randomUUID()}`, settingValue: 'a' });
    const key = (await ctx.db.select().from(siteSettings).where(eq(siteSettings.settingValue, 'a')).get())?.settingKey;
    if (!key) throw new Error('missing row');
    const won = await ctx.db
      .update(siteSettings)
      .set({ settingValue: 'b' })
      .where(sql`${siteSettings.settingKey} = ${key} and ${siteSettings.settingValue} = 'a'`)
      .returning({ key: siteSettings.settingKey });
    const lost = await ctx.db
      .update(siteSettings)
      .set({ settingValue: 'c' })
      .where(sql`${siteSettings.settingKey} = ${key} and ${siteSettings.settingValue} = 'a'`)
      .returning({ key: siteSettings.settingKey });
    expect(won).toHaveLength(1);
    expect(lost).toHaveLength(0);
  });
});

describe('the seed framework on libSQL', () => {
  it('runs each module once; a second run changes nothing', async () => {
    const deps = libsqlDeps(ctx.db);
    const log = () => {};
    const first = await runSeeds(deps, log);
    const second = await runSeeds(deps, log);
    expect(first).toContain('site-settings');
    expect(second).toEqual([]);
    const settings = await ctx.db.select().from(siteSettings).where(eq(siteSettings.settingKey, 'coming_soon_enabled'));
    expect(settings).toEqual([expect.objectContaining({ settingValue: 'false' })]);
    // Every feature's seed runs here (sign-ups hash passwords): give a loaded machine time.
  }, 30_000);
});

describe('the API in-process on libSQL', () => {
  it('answers /api/health from the libSQL database', async () => {
    const { request } = createLibsqlApp(ctx.db);
    const res = await request('/api/health');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok', database: 'ok' });
  });

  it('reports a broken database as degraded with 503', async () => {
    const broken = await createLibsqlDb();
    broken.client.close();
    const { request } = createLibsqlApp(broken.db);
    const res = await request('/api/health');
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ status: 'degraded', database: 'error' });
    broken.close();
  });
});
