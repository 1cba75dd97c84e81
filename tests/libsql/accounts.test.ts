import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_SYSTEM } from '../support/actors';
import { cookieFrom, jsonInit } from '../support/http';
import { createLibsqlApp, createLibsqlDb, libsqlDeps } from '../support/libsql';

/** Accounts on the production driver: better-auth, profiles, roles and the sign-in limit over libSQL. */
let ctx: Awaited<ReturnType<typeof createLibsqlDb>>;
let app: ReturnType<typeof createLibsqlApp>;
beforeAll(async () => {
  ctx = await createLibsqlDb();
  app = createLibsqlApp(ctx.db, { KV: undefined as unknown as KVNamespace });
});
afterAll(() => ctx.close());

const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);
const post = (path: string, body: unknown, cookie?: string) => app.request(path, jsonInit('POST', body, cookie));
const cookieOf = cookieFrom;

describe('accounts on libSQL', () => {
  it('signs up, reads /api/me, edits the profile and keeps usernames unique case-insensitively', async () => {
    const name = `Lib_${uid()}`;
    const res = await post('/api/auth/sign-up/email', {
      email: `${name}@example.test`,
      password: 'password-123',
      name,
    });
    expect(res.status).toBe(200);
    const cookie = cookieOf(res);
    const me = await app.request('/api/me', { headers: { cookie } });
    expect(await me.json()).toMatchObject({ profile: { username: name }, roles: ['viewer'] });

    const other = `Other_${uid()}`;
    await post('/api/auth/sign-up/email', { email: `${other}@example.test`, password: 'password-123', name: other });
    const clash = await app.request('/api/account/profile', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:4321', cookie },
      body: JSON.stringify({ username: other.toUpperCase() }),
    });
    expect(clash.status).toBe(409);
    const renamed = await app.request('/api/account/profile', {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', origin: 'http://localhost:4321', cookie },
      body: JSON.stringify({ username: `${name}_2` }),
    });
    expect(renamed.status).toBe(200);
    expect(await (await app.request('/api/me', { headers: { cookie } })).json()).toMatchObject({
      profile: { username: `${name}_2` },
    });
  });

  it('counts failed sign-ins in the database and refuses the sixth attempt', async () => {
    const name = `lim_${uid()}`;
    const email = `${name}@example.test`;
    await post('/api/auth/sign-up/email', { email, password: 'password-123', name });
    for (let i = 0; i < 5; i++)
      expect((await post('/api/auth/sign-in/email', { email, password: 'nope-nope' })).status).toBe(401);
    expect((await post('/api/auth/sign-in/email', { email, password: 'password-123' })).status).toBe(429);
  });
});

describe('local-only endpoints in production', () => {
  it('the dev outbox does not exist', async () => {
    const prod = createLibsqlApp(ctx.db, {
      ENVIRONMENT: 'production',
      PUBLIC_URL: 'https://reelfund.example.com',
      AUTH_SECRET: 'x'.repeat(40),
      MAIL_API_URL: 'https://mail.example.com/send',
      MAIL_API_KEY: 'key',
      MAIL_FROM: 'Reelfund <a@b.c>',
      STRIPE_SECRET_KEY: 'sk_live_x',
      STRIPE_WEBHOOK_SECRET: 'whsec_x',
      STRIPE_CONNECT_WEBHOOK_SECRET: 'whsec_y',
    });
    const res = await prod.request('/api/dev/outbox');
    expect(res.status).toBe(404);
  });
});

describe('ensureUser (the seed and `npm run user:create`) on libSQL', () => {
  it('creates the account through sign-up, grants the role, and is idempotent', async () => {
    const { ensureUser } = await import('../../functions/services/accounts');
    const deps = libsqlDeps(ctx.db);
    const email = `boss_${uid()}@example.test`;
    const username = `boss_${uid()}`;
    const first = await ensureUser(deps, TEST_SYSTEM, {
      email,
      password: 'boss-password',
      username,
      roles: ['admin'],
    });
    expect(first).toMatchObject({ created: true, granted: ['admin'] });
    const again = await ensureUser(deps, TEST_SYSTEM, {
      email,
      password: '',
      username: 'ignored',
      roles: ['admin', 'editor'],
    });
    expect(again).toMatchObject({ userId: first.userId, created: false, granted: ['editor'] });
    const res = await post('/api/auth/sign-in/email', { email, password: 'boss-password' });
    expect(res.status).toBe(200);
    const me = await app.request('/api/me', { headers: { cookie: cookieOf(res) } });
    expect(((await me.json()) as { roles: string[] }).roles.sort()).toEqual(['admin', 'editor', 'viewer']);

    // Each role granted is audited once, as the command's; the role it had already adds nothing.
    const audit = await app.request(`/api/admin/audit?resourceType=user&resourceId=${first.userId}`, {
      headers: { cookie: cookieOf(res) },
    });
    expect(audit.status).toBe(200);
    const { items } = (await audit.json()) as {
      items: { verb: string; actor: { kind: string; id: string | null }; summary: string }[];
    };
    expect(items.map((i) => `${i.verb} ${i.actor.kind}:${i.actor.id} ${i.summary}`).sort()).toEqual([
      `ensureUser system:command Granted @${username} the role admin`,
      `ensureUser system:command Granted @${username} the role editor`,
      `signUp user:${first.userId} New account @${username} with the role viewer`,
    ]);
  });

  it('suspension refuses sign-in and the last admin keeps their role (issue 45)', async () => {
    const signUp = async (name: string) => {
      const res = await post('/api/auth/sign-up/email', {
        email: `${name}@example.test`,
        password: 'password-123',
        name,
      });
      expect(res.status).toBe(200);
      const me = (await (await app.request('/api/me', { headers: { cookie: cookieOf(res) } })).json()) as {
        user: { id: string };
      };
      return { id: me.user.id, cookie: cookieOf(res), email: `${name}@example.test` };
    };
    const admin = await signUp(`adm_${uid()}`);
    const person = await signUp(`sus_${uid()}`);
    await ctx.client.execute({ sql: "insert into user_roles (user_id, role) values (?, 'admin')", args: [admin.id] });
    const suspended = await post(`/api/admin/people/${person.id}/suspend`, { reason: 'Spam' }, admin.cookie);
    expect(suspended.status, await suspended.clone().text()).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email: person.email, password: 'password-123' })).status).toBe(403);
    expect((await post(`/api/admin/people/${person.id}/reinstate`, { reason: 'Ok' }, admin.cookie)).status).toBe(200);
    expect((await post('/api/auth/sign-in/email', { email: person.email, password: 'password-123' })).status).toBe(200);
    // The only admin (the file's other tests made admins too) cannot remove their own role, nor suspend themselves.
    await ctx.client.execute({ sql: "delete from user_roles where role = 'admin' and user_id <> ?", args: [admin.id] });
    expect(
      (await post(`/api/admin/people/${admin.id}/roles/revoke`, { role: 'admin', reason: 'Bye' }, admin.cookie)).status,
    ).toBe(409);
    expect((await post(`/api/admin/people/${admin.id}/suspend`, { reason: 'Bye' }, admin.cookie)).status).toBe(409);
  });
});
