import { expect, inject } from 'vitest';
import { cookieFrom } from '../support/http';

/** The running product's address (tests/e2e/global-setup.ts starts it like `npm start`). */
export const base = () => inject('baseUrl');

/** Signs in over HTTP (a seeded demo account by default password) and returns the Cookie header. */
export async function signIn(email: string, password = 'reelfund-demo') {
  const res = await fetch(`${base()}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base() },
    body: JSON.stringify({ email, password }),
  });
  expect(res.status).toBe(200);
  return cookieFrom(res);
}
