import { describe, expect, it } from 'vitest';
import { listOutbox } from '../../../functions/platform/outbox';
import { cookieFrom, jsonInit, makeUser, uid } from '../factories';
import { channelOf, connect } from '../realtime/helpers';
import { call, env } from '../worker-call';

/** A client address of its own per test (the per-address limits read cf-connecting-ip only). */
const address = () => `2001:db8::${uid().slice(0, 4)}:${uid().slice(0, 4)}`;

const post = (path: string, body: unknown, headers: Record<string, string> = {}) => {
  const init = jsonInit('POST', body);
  return call(path, { ...init, headers: { ...(init.headers as Record<string, string>), ...headers } });
};

const formPost = (path: string, fields: Record<string, string>) =>
  call(path, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'http://localhost:4321' },
    body: new URLSearchParams(fields).toString(),
  });

const signIn = (email: string, password: string, headers: Record<string, string> = {}) =>
  post('/api/auth/sign-in/email', { email, password }, headers);

const statuses = (responses: Response[]) => responses.map((r) => r.status).sort();

describe('sign-in: every attempt is counted, whatever its encoding', { timeout: 30_000 }, () => {
  it('refuses a form-encoded sign-in before better-auth sees it, even with the right password', async () => {
    const u = await makeUser([], 'form');
    const res = await formPost('/api/auth/sign-in/email', { email: u.email, password: u.password });
    expect(res.status).toBe(415);
    expect(res.headers.getSetCookie()).toEqual([]);
  });

  it('an account locked through JSON does not sign in through a form post', async () => {
    const u = await makeUser([], 'formlock');
    for (let i = 0; i < 5; i++) expect((await signIn(u.email, 'wrong-password')).status).toBe(401);
    const res = await formPost('/api/auth/sign-in/email', { email: u.email, password: u.password });
    expect(res.status).not.toBe(200);
    expect(cookieFrom(res)).not.toContain('session_token');
  });

  it('answers 400 to a JSON body that is not an object (null, a list, a number)', async () => {
    for (const body of ['null', '[]', '7', '"x"']) {
      const res = await call('/api/auth/sign-in/email', { ...jsonInit('POST', undefined), body });
      expect(res.status, body).toBe(400);
      expect(await res.json()).toMatchObject({ error: { code: 'bad_request' } });
    }
  });
});

describe('limits are reserved atomically before the check', { timeout: 30_000 }, () => {
  it('20 parallel wrong sign-ins to one account: 5 are checked (401), 15 refused (429)', async () => {
    const u = await makeUser([], 'burst');
    const all = await Promise.all(Array.from({ length: 20 }, () => signIn(u.email, 'wrong-password')));
    expect(statuses(all)).toEqual([...Array(5).fill(401), ...Array(15).fill(429)]);
    expect((await signIn(u.email, u.password)).status).toBe(429);
  });

  it('a successful sign-in clears the account count (4 failures, success, 4 failures still allowed)', async () => {
    const u = await makeUser([], 'clears');
    for (let i = 0; i < 4; i++) expect((await signIn(u.email, 'wrong-password')).status).toBe(401);
    expect((await signIn(u.email, u.password)).status).toBe(200);
    for (let i = 0; i < 4; i++) expect((await signIn(u.email, 'wrong-password')).status).toBe(401);
    expect((await signIn(u.email, u.password)).status).toBe(200);
  });

  it('20 parallel password-reset requests for one email: at most 5 are sent', async () => {
    const u = await makeUser([], 'resetburst');
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        post('/api/auth/request-password-reset', { email: u.email, redirectTo: 'http://localhost:4321/auth' }),
      ),
    );
    expect(statuses(all)).toEqual([...Array(5).fill(200), ...Array(15).fill(429)]);
    expect((await listOutbox(env.KV, { to: u.email })).length).toBe(5);
  });

  it('20 parallel wrong reset tokens from one address: 10 are checked, 10 refused', async () => {
    const ip = address();
    const all = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(
          '/api/auth/reset-password',
          { newPassword: 'a-new-pass-phrase', token: uid() },
          { 'cf-connecting-ip': ip },
        ),
      ),
    );
    expect(all.filter((r) => r.status === 429)).toHaveLength(10);
  });
});

describe('sign-up: weak passwords, enumeration and flooding', { timeout: 30_000 }, () => {
  const signUp = (body: Record<string, string>, ip = address()) =>
    post('/api/auth/sign-up/email', body, { 'cf-connecting-ip': ip });

  it.each(['password', '12345678', 'iloveyou', 'Sunshine'])('refuses the common password %s', async (password) => {
    const name = `weak_${uid()}`;
    const res = await signUp({ email: `${name}@example.test`, name, password });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { code: 'weak_password' } });
  });

  it('refuses a password equal to the email or the username', async () => {
    const name = `samepass_${uid()}`;
    const email = `${name}@example.test`;
    expect((await signUp({ email, name, password: email })).status).toBe(400);
    expect((await signUp({ email, name, password: name.toUpperCase() })).status).toBe(400);
    expect((await signUp({ email, name, password: 'a-fine-pass-phrase' })).status).toBe(200);
  });

  it('answers an existing email like a new one: same status and shape, no session, the owner is told by mail', async () => {
    const u = await makeUser([], 'owner');
    const fresh = `fresh_${uid()}`;
    const created = await signUp({ email: `${fresh}@example.test`, name: fresh, password: 'a-fine-pass-phrase' });
    const again = await signUp({ email: u.email, name: `other_${uid()}`, password: 'another-pass-phrase' });
    expect(again.status).toBe(created.status);
    const [a, b] = [await created.json<Record<string, unknown>>(), await again.json<Record<string, unknown>>()];
    expect(Object.keys(b).sort()).toEqual(Object.keys(a).sort());
    expect(JSON.stringify(b)).not.toMatch(/exist/i);
    expect(cookieFrom(again)).not.toContain('session_token');
    expect((await signIn(u.email, u.password)).status).toBe(200);
    const mails = await listOutbox(env.KV, { to: u.email });
    expect(mails.some((m) => /sign in|reset/i.test(m.text))).toBe(true);
  });

  it('allows 10 sign-ups an hour from one address', async () => {
    const ip = address();
    for (let i = 0; i < 10; i++) {
      const name = `flood_${uid()}`;
      expect((await signUp({ email: `${name}@example.test`, name, password: 'a-fine-pass-phrase' }, ip)).status).toBe(
        200,
      );
    }
    const name = `flood_${uid()}`;
    const refused = await signUp({ email: `${name}@example.test`, name, password: 'a-fine-pass-phrase' }, ip);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });
});

describe('sign-out is global, and closes the realtime sockets', { timeout: 30_000 }, () => {
  it("better-auth's own /api/auth/sign-out ends every session of the user", async () => {
    const u = await makeUser([], 'out');
    const a = cookieFrom(await signIn(u.email, u.password));
    const b = cookieFrom(await signIn(u.email, u.password));
    const res = await call('/api/auth/sign-out', jsonInit('POST', {}, a));
    expect(res.status).toBe(200);
    expect((await call('/api/me', { headers: { cookie: a } })).status).toBe(401);
    expect((await call('/api/me', { headers: { cookie: b } })).status).toBe(401);
  });

  it.each(['/api/account/sign-out', '/api/auth/sign-out'])('%s closes every open socket of the user', async (path) => {
    const u = await makeUser([], 'sock');
    const other = cookieFrom(await signIn(u.email, u.password));
    const socket = await connect(other);
    const closed = new Promise<number>((resolve) => socket.ws.addEventListener('close', (e) => resolve(e.code)));
    expect(await channelOf(u.id).connections()).toBe(1);
    expect((await call(path, jsonInit('POST', {}, u.cookie))).status).toBe(200);
    expect(await channelOf(u.id).connections()).toBe(0);
    expect(await closed).toBe(4003);
  });
});
