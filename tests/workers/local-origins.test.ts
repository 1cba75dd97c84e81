import { exports } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { makeUser } from './factories';

/** A request as a browser on `origin` sends it (the worker's PUBLIC_URL is http://localhost:4321). */
const from = (origin: string, path: string, body: unknown) =>
  exports.default.fetch(
    new Request(new URL(path, origin), {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin },
      body: JSON.stringify(body),
    }),
  );

describe('local origins', () => {
  it('signs in from http://127.0.0.1:4321 as from http://localhost:4321', async () => {
    const u = await makeUser([], 'loopback');
    const res = await from('http://127.0.0.1:4321', '/api/auth/sign-in/email', {
      email: u.email,
      password: u.password,
    });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(res.headers.getSetCookie().join(';')).toContain('reelfund.session_token');
  });

  it('still refuses a sign-in from any other origin', async () => {
    const u = await makeUser([], 'elsewhere');
    for (const origin of ['http://evil.example', 'http://127.0.0.2:4321', 'http://localhost:9999']) {
      const res = await from(origin, '/api/auth/sign-in/email', { email: u.email, password: u.password });
      expect(res.status, origin).toBe(403);
    }
  });
});
