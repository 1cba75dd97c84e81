import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type Address, createPublicClient, createWalletClient, http, type PublicClient } from 'viem';
import { privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { afterAll, describe, expect, it } from 'vitest';
import coinArtifact from '../../contracts/artifacts/CreatorCoin.json';
import { buyLocally, localChainAddresses } from '../../functions/chain/deploy';
import { HARDHAT_DEV_KEYS } from '../../functions/chain/dev-keys';
import { hardhat } from '../../functions/domain/chains/definitions';
import { DEMO_COIN_PURCHASES, DEMO_COINS } from '../../functions/seed/coins';
import { serve } from '../../scripts/serve.mjs';
import { E2E_AUTH_LIMITS } from '../e2e/global-setup';
import { npmStart } from '../support/npm-start';
import { freePort } from '../support/ports';

/**
 * The local chain keeps nothing across restarts of `npm start`, yet the demo's deployed coin answers at
 * the same address after one: every start deploys the recorded coins again and replays the demo's purchases,
 * while a purchase made by hand is gone. Uses a server of its own
 * (with its own chain), from the build the shared setup made, started twice on one state: first as
 * `npm start` runs on a fresh clone, which prints only its progress lines and its address.
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

/** The demo coin's address and film as the admins' Creator Coins tab shows them. */
async function demoCoin(base: string): Promise<{ address: string; drop: Address; movieId: string }> {
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
  const address = (key: string) =>
    new RegExp(`data-address="${key}"[^>]*>\\s*(?:<a [^>]*>)?(0x[0-9a-fA-F]{40})<`).exec(card)?.[1];
  const coin = address('coin');
  const drop = address('drop') as Address | undefined;
  const movieId = /href="\/movie\/([^/"]+)\/coins#contract-coin"/.exec(card)?.[1];
  if (!coin || !drop || !movieId) throw new Error('the demo coin is not on the Creator Coins tab');
  return { address: coin, drop, movieId };
}

/** Coins sold as the film's public coins page shows them. */
async function soldOnPage(base: string, movieId: string): Promise<number> {
  const html = await (await fetch(`${base}/movie/${movieId}/coins`)).text();
  const sold = /<strong[^>]*>([\d,]+)<\/strong> of 100,000 coins sold/.exec(html)?.[1];
  if (!sold) throw new Error('the coins page shows no sale');
  return Number(sold.replaceAll(',', ''));
}

const demoSold = DEMO_COIN_PURCHASES.reduce((sum, p) => sum + p.coins, 0);

/** The lines a start printed that are neither its own progress lines nor its address. */
function noise(output: string): string[] {
  // biome-ignore lint/suspicious/noControlCharactersInRegex: the log's colour codes
  const lines = output.replace(/\x1b\[[0-9;]*m/g, '').split('\n');
  const progress = (line: string) =>
    line.trim() === '' ||
    /^> /.test(line) || // npm's own echo of the script
    /^\[reelfund\] /.test(line) ||
    (/^ {2}\S/.test(line) && !/^\s+at /.test(line));
  return lines.filter((line) => !progress(line));
}

describe('the local chain across a restart of npm start', () => {
  it('prints only progress lines on a fresh state; deploys the demo coin again at the same address, with the same code, and replays the demo purchases', {
    timeout: 300_000,
  }, async () => {
    const seen: { address: string; code: string; chainId: string; sold: number }[] = [];
    let soldByHand = 0;
    let firstStart = '';
    for (let run = 0; run < 2; run++) {
      // The first start is `npm start` itself on a fresh state (seed included), the second a quiet restart.
      const server =
        run === 0
          ? await npmStart({ persistTo: state, port: await freePort(), chainPort: await freePort() })
          : await serve({
              port: await freePort(),
              persistTo: state,
              build: false,
              quiet: true,
              vars: E2E_AUTH_LIMITS,
              chainPort: await freePort(),
            });
      try {
        const { address, drop, movieId } = await demoCoin(server.url);
        const chainUrl = server.chainUrl as string;
        seen.push({
          address,
          code: await rpc(chainUrl, 'eth_getCode', [address, 'latest']),
          chainId: await rpc(chainUrl, 'eth_chainId', []),
          sold: await soldOnPage(server.url, movieId),
        });
        if (run === 0) {
          // A purchase made by hand: the page counts it after the hourly job's index pass, and it is gone after the restart.
          const transport = http(chainUrl);
          const client = createPublicClient({ chain: hardhat, transport });
          const buyer = createWalletClient({
            account: privateKeyToAccount(HARDHAT_DEV_KEYS[6]),
            chain: hardhat,
            transport,
          });
          await buyLocally(
            buyer,
            client as PublicClient,
            { usdc: localChainAddresses(privateKeyToAddress(HARDHAT_DEV_KEYS[0])).usdc, drop },
            25,
          );
          await fetch(`${server.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('17 * * * *')}`);
          soldByHand = await soldOnPage(server.url, movieId);
        }
      } finally {
        await server.stop();
        if ('output' in server && run === 0) firstStart = server.output();
      }
    }
    expect(firstStart).toContain('seeded: site-settings, demo-users, catalogue, campaigns, money, follows, coins');
    expect(firstStart).toMatch(/Reelfund is running at http:\/\/localhost:\d+/);
    expect(noise(firstStart), firstStart).toEqual([]);
    const [first, second] = seen;
    expect(first?.chainId).toBe('0x7a69');
    expect(first?.code.length).toBe(coinArtifact.deployedBytecode.length);
    expect(first?.sold).toBe(demoSold);
    expect(soldByHand).toBe(demoSold + 25);
    expect(second).toEqual(first);
  });
});
