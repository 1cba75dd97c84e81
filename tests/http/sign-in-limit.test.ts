import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { serve } from '../../scripts/serve.mjs';
import { freePort } from '../support/ports';

/**
 * The failed-sign-in limit lives in the database: it still holds after the worker restarts on the
 * same persisted state (proof it is not module memory). Uses a server of its own, from the build
 * the shared setup made.
 */
const state = mkdtempSync(join(tmpdir(), 'reelfund-limit-'));
let port = 0;
const base = () => `http://localhost:${port}`;
const post = (path: string, body: unknown) =>
  fetch(`${base()}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base() },
    body: JSON.stringify(body),
  });

afterAll(() => rmSync(state, { recursive: true, force: true }));

describe('failed sign-in limit across a restart', () => {
  it('still refuses sign-in after the worker restarts', async () => {
    port = await freePort();
    const email = `limit_${Date.now()}@example.test`;
    let server = await serve({ port, persistTo: state, build: false, seed: false, quiet: true });
    try {
      expect(
        (await post('/api/auth/sign-up/email', { email, password: 'right-password', name: `limit_${Date.now()}` }))
          .status,
      ).toBe(200);
      for (let i = 0; i < 5; i++) {
        expect((await post('/api/auth/sign-in/email', { email, password: 'wrong-password' })).status).toBe(401);
      }
      expect((await post('/api/auth/sign-in/email', { email, password: 'right-password' })).status).toBe(429);
    } finally {
      await server.stop();
    }
    server = await serve({ port, persistTo: state, build: false, seed: false, quiet: true });
    try {
      const res = await post('/api/auth/sign-in/email', { email, password: 'right-password' });
      expect(res.status).toBe(429);
      expect(await res.json()).toMatchObject({ error: { code: 'rate_limited' } });
    } finally {
      await server.stop();
    }
    // Two server starts (no demo data needed): minutes on a loaded 2-core machine.
  }, 300_000);
});
