import { describe, expect, it } from 'vitest';
import { cookieFrom, jsonInit } from '../support/http';
import { call } from './worker-call';

const uid = () => crypto.randomUUID().slice(0, 8);
const json = (body: unknown, cookie?: string) => jsonInit('POST', body, cookie);
const cookieOf = cookieFrom;

describe('accounts', () => {
  it('signs up with email, username and password; /api/me shows the profile and the role viewer', async () => {
    const name = `user_${uid()}`;
    const res = await call(
      '/api/auth/sign-up/email',
      json({ email: `${name}@example.test`, password: 'correct horse 1', name }),
    );
    expect(res.status).toBe(200);
    const cookie = cookieOf(res);
    expect(cookie).toContain('reelfund.session_token');
    expect(res.headers.getSetCookie()[0]).toMatch(/HttpOnly/i);
    expect(res.headers.getSetCookie()[0]).toMatch(/SameSite=Lax/i);
    const me = await call('/api/me', { headers: { cookie } });
    expect(me.status).toBe(200);
    const body = await me.json<{ profile: { username: string }; roles: string[] }>();
    expect(body.profile.username).toBe(name);
    expect(body.roles).toEqual(['viewer']);
  });

  it('refuses a username taken in another case, and keeps no half-made account', async () => {
    const name = `Taken_${uid()}`;
    await call('/api/auth/sign-up/email', json({ email: `${uid()}@example.test`, password: 'pass-phrase-123', name }));
    const email = `${uid()}@example.test`;
    const res = await call(
      '/api/auth/sign-up/email',
      json({ email, password: 'pass-phrase-123', name: name.toLowerCase() }),
    );
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: { message: 'That username is taken' } });
    const signIn = await call('/api/auth/sign-in/email', json({ email, password: 'pass-phrase-123' }));
    expect(signIn.status).toBe(401);
  });

  it('answers /api/me with 401 when signed out', async () => {
    const res = await call('/api/me');
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: { code: 'unauthorized' } });
  });

  it('signs out everywhere: every session of the user is revoked', async () => {
    const name = `multi_${uid()}`;
    const email = `${name}@example.test`;
    await call('/api/auth/sign-up/email', json({ email, password: 'pass-phrase-123', name }));
    const a = cookieOf(await call('/api/auth/sign-in/email', json({ email, password: 'pass-phrase-123' })));
    const b = cookieOf(await call('/api/auth/sign-in/email', json({ email, password: 'pass-phrase-123' })));
    expect((await call('/api/me', { headers: { cookie: b } })).status).toBe(200);
    const out = await call('/api/account/sign-out', json({}, a));
    expect(out.status).toBe(200);
    expect((await call('/api/me', { headers: { cookie: a } })).status).toBe(401);
    expect((await call('/api/me', { headers: { cookie: b } })).status).toBe(401);
  });

  it('keeps better-auth endpoints the product does not use closed', async () => {
    const res = await call('/api/auth/update-user', json({ name: 'x' }));
    expect(res.status).toBe(404);
    expect((await call('/api/auth/delete-user', json({}))).status).toBe(404);
  });

  it('limits repeated failed sign-ins for an account', async () => {
    const name = `locked_${uid()}`;
    const email = `${name}@example.test`;
    await call('/api/auth/sign-up/email', json({ email, password: 'pass-phrase-123', name }));
    for (let i = 0; i < 5; i++) {
      expect((await call('/api/auth/sign-in/email', json({ email, password: 'wrong-password' }))).status).toBe(401);
    }
    const blocked = await call('/api/auth/sign-in/email', json({ email, password: 'pass-phrase-123' }));
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get('retry-after')).toMatch(/^\d+$/);
    expect(await blocked.json()).toMatchObject({ error: { code: 'rate_limited' } });
  });

  it('refuses a cross-site form post', async () => {
    const res = await call('/api/account/sign-out', {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' },
      body: 'a=1',
    });
    expect(res.status).toBe(403);
  });
});
