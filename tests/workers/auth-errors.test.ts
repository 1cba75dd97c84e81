import { describe, expect, it } from 'vitest';
import { jsonInit } from '../support/http';
import { makeUser } from './factories';
import { call } from './worker-call';

/** better-auth's own refusals reach the client in the API's one error shape, status and headers kept. */
describe("better-auth's errors in the one error shape", () => {
  it('a wrong password: 401 { error: { code, message } }', async () => {
    const user = await makeUser();
    const res = await call(
      '/api/auth/sign-in/email',
      jsonInit('POST', { email: user.email, password: 'wrong-pass-1' }),
    );
    expect(res.status).toBe(401);
    expect(res.headers.get('content-type')).toContain('application/json');
    const body = await res.json<Record<string, unknown>>();
    expect(Object.keys(body)).toEqual(['error']);
    expect(body.error).toEqual({ code: 'invalid_email_or_password', message: expect.any(String) });
  });

  it('a sign-up without a body: 4xx { error: { code, message } }', async () => {
    const res = await call('/api/auth/sign-up/email', {
      method: 'POST',
      headers: { origin: 'http://localhost:4321', 'content-type': 'application/json' },
    });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    const body = await res.json<{ error: { code: unknown; message: unknown } }>();
    expect(Object.keys(body)).toEqual(['error']);
    expect(typeof body.error.code).toBe('string');
    expect(typeof body.error.message).toBe('string');
  });
});
