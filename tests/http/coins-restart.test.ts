import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import coinArtifact from '../../contracts/artifacts/CreatorCoin.json';
import { DEMO_COINS } from '../../functions/seed/coins';
import { serve } from '../../scripts/serve.mjs';
import { E2E_AUTH_LIMITS } from '../e2e/global-setup';
import { freePort } from '../support/ports';

/**
 * The local chain keeps nothing across restarts of `npm start`, yet the demo's deployed coin answers at
 * the same address after one: every start deploys the recorded coins again. Uses a server of its own
 * (with its own chain), from the build the shared setup made, started twice on one state.
 */
const state = mkdtempSync(join(tmpdir(), 'reelfund-coins-restart-'));
afterAll(() => rmSync(state, { recursive: true, force: true }));

async function rpc(url: string, method: string, params: unknown[]) {
  const res = await fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  return ((await res.json()) as { result: string }).result;
}

/** The demo coin's address as the admins' Creator Coins tab shows it. */
async function demoCoinAddress(base: string): Promise<string> {
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: 'admin@reelfund.local', password: 'reelfund-demo' }),
  });
  expect(signIn.status).toBe(200);
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const html = await (await fetch(`${base}/admin?tab=creator-coins`, { headers: { cookie } })).text();
  const card = html.split('data-coin=').find((part) => part.includes(`${DEMO_COINS.deployed.symbol} ·`)) ?? '';
  const coin = /data-address="coin"[^>]*>\s*(?:<a [^>]*>)?(0x[0-9a-fA-F]{40})</.exec(card)?.[1];
  if (!coin) throw new Error('the demo coin is not on the Creator Coins tab');
  return coin;
}

describe('the local chain across a restart of npm start', () => {
  it('deploys the demo coin again at the same address, with the same code', { timeout: 300_000 }, async () => {
    const seen: { address: string; code: string; chainId: string }[] = [];
    for (let run = 0; run < 2; run++) {
      const server = await serve({
        port: await freePort(),
        persistTo: state,
        build: false,
        quiet: true,
        vars: E2E_AUTH_LIMITS,
        chainPort: await freePort(),
      });
      try {
        const address = await demoCoinAddress(server.url);
        const chainUrl = server.chainUrl as string;
        seen.push({
          address,
          code: await rpc(chainUrl, 'eth_getCode', [address, 'latest']),
          chainId: await rpc(chainUrl, 'eth_chainId', []),
        });
      } finally {
        await server.stop();
      }
    }
    const [first, second] = seen;
    expect(first?.chainId).toBe('0x7a69');
    expect(first?.code.length).toBe(coinArtifact.deployedBytecode.length);
    expect(second).toEqual(first);
  });
});
