import { expect, inject } from 'vitest';
import { cookieFrom } from '../support/http';

let own: string | null = null;

/** The running product's address (tests/e2e/global-setup.ts starts it like `npm start`), or this file's own. */
export const base = () => own ?? inject('baseUrl');

/** Points this file's helpers at a server of its own (tests/support/own-server.ts). */
export function useServer(url: string) {
  own = url;
}

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
