import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { createPublicClient, http } from 'viem';
import { privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localChainAddresses } from '../../functions/chain/deploy';
import { HARDHAT_DEV_KEYS } from '../../functions/chain/dev-keys';
import { coinFactoryDeployAbi } from '../../functions/chain/factory-abi';
import { CHAIN_LATE } from '../../functions/chain/read-in-time';
import { hardhat } from '../../functions/domain/chains/definitions';
import { fillText } from '../../functions/domain/fill-text';
import { TEXT } from '../../functions/domain/texts';
import { DEMO_COINS } from '../../functions/seed/coins';
import { type OwnServer, ownServer } from '../support/own-server';
import { freePort } from '../support/ports';
import { DEMO_PASSWORD, toastText } from './api';
import { launchBrowser, screenshot } from './browser';
import { tap } from './tap';

/**
 * The chain's own failures, as the admin meets them, on one server with a chain of its own. The worker
 * reaches the chain through an RPC endpoint this test stands in front of (a public chain's endpoint,
 * mocked at the wire): it passes requests through, answers 503, or never answers.
 *
 * 1. The endpoint fails: the Creator Coins tab says why the deployer's balance is unknown, and a
 *    deployment fails with its toast and sends nothing.
 * 2. The receipt never comes: the chain stops mining; while the deployment waits, the tab says
 *    'Transaction receipt not found.'; the node then drops the transaction and mines 100 blocks, and the
 *    deployment fails with 'Transaction receipt for {hash} not found after {n} blocks'. Mining again, the
 *    retry deploys the coin — once.
 */
const RPC_FAILURE = 'RPC request failed with status 503 - Service Unavailable: upstream down';

let browser: Browser;
let endpoint: Server;
/** How the endpoint answers: passes to the chain, fails with 503, or never answers. */
let upstream: 'up' | 'down' | 'silent' = 'up';
const held: ServerResponse[] = [];
let server: OwnServer;

beforeAll(async () => {
  browser = await launchBrowser();
  const endpointPort = await freePort();
  endpoint = createServer(async (req, res) => {
    if (upstream === 'down') {
      res.writeHead(503, 'Service Unavailable');
      res.end('upstream down');
      return;
    }
    if (upstream === 'silent') {
      held.push(res); // never answered; cut when the chain is back
      return;
    }
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    try {
      const upstream = await fetch(server.chainUrl as string, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: Buffer.concat(chunks),
      });
      res.writeHead(upstream.status, { 'content-type': 'application/json' });
      res.end(Buffer.from(await upstream.arrayBuffer()));
    } catch (e) {
      res.writeHead(502);
      res.end(String(e));
    }
  });
  await new Promise<void>((resolve) => endpoint.listen(endpointPort, '127.0.0.1', resolve));
  // The local chain is deployed to directly at start-up; the worker reaches it through the endpoint.
  server = await ownServer('chain-faults', {
    chainPort: await freePort(),
    vars: { RPC_URL: `http://127.0.0.1:${endpointPort}` },
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  endpoint?.closeAllConnections();
  await new Promise((resolve) => endpoint?.close(resolve));
});

/** A JSON-RPC call straight to the chain's node (not through the endpoint). */
async function chain(method: string, params: unknown[] = []): Promise<unknown> {
  const res = await fetch(server.chainUrl as string, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params }),
  });
  const body = (await res.json()) as { result?: unknown; error?: { message: string } };
  if (body.error) throw new Error(`${method}: ${body.error.message}`);
  return body.result;
}

const coinCard = (page: Page, symbol: string) =>
  page.locator('[data-coin]', { has: page.locator(`text=${symbol} ·`) }).first();

async function adminContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
  const signIn = await context.request.post('/api/auth/sign-in/email', {
    headers: { origin: server.url },
    data: { email: 'admin@reelfund.local', password: DEMO_PASSWORD },
  });
  expect(signIn.status()).toBe(200);
  return context;
}

async function coinDeployedEvents() {
  const client = createPublicClient({ chain: hardhat, transport: http(server.chainUrl) });
  return client.getContractEvents({
    address: localChainAddresses(privateKeyToAddress(HARDHAT_DEV_KEYS[0])).factory,
    abi: coinFactoryDeployAbi,
    eventName: 'CoinDeployed',
    fromBlock: 0n,
  });
}

/** Runs `steps` with the endpoint answering as `mode`, then passes requests through again. */
async function whileUpstream(mode: typeof upstream, steps: () => Promise<void>) {
  upstream = mode;
  try {
    await steps();
  } finally {
    upstream = 'up';
    for (const res of held.splice(0)) res.destroy();
  }
}

async function tabSaysBalanceUnavailable(page: Page, reason: string) {
  await page.goto('/admin?tab=creator-coins');
  await expect.poll(() => page.locator('[data-deployer-balance]').textContent()).toBe(`Balance unavailable: ${reason}`);
}

describe('the chain failing under a deployment', () => {
  it("an RPC endpoint that fails: 'RPC request failed with status {status} - {text}: {body}' on the tab; a deploy fails with its toast and sends nothing", async () => {
    const context = await adminContext();
    const page = await context.newPage();
    await whileUpstream('down', async () => {
      await tabSaysBalanceUnavailable(page, RPC_FAILURE);
      const salt = coinCard(page, DEMO_COINS.waiting.symbol);
      expect(await salt.getAttribute('data-coin-state')).toBe('deployable');
      await tap(page, salt.locator('[data-deploy]'));
      await toastText(page, TEXT.coinDeployFailed);
      await page.locator('[data-deployer-balance]').waitFor();
      expect(await coinCard(page, DEMO_COINS.waiting.symbol).getAttribute('data-coin-state')).not.toBe('deployed');
      await screenshot(page, 'coins-rpc-failure-1280');
    });
    // Nothing reached the chain: only the demo's NIGHT, deployed at start-up, is there.
    expect(await coinDeployedEvents()).toHaveLength(1);
    await context.close();
  });

  it('a chain that never answers: the tab says so in seconds; the coins page shows its indexed figures', async () => {
    const context = await adminContext();
    const page = await context.newPage();
    await whileUpstream('silent', async () => {
      await tabSaysBalanceUnavailable(page, CHAIN_LATE);
      const night = coinCard(page, DEMO_COINS.deployed.symbol);
      expect(await night.getAttribute('data-coin-state')).toBe('deployed');
      // On the local chain the contracts link to the film's own coins page.
      const coinsPage = (await night.locator('[data-address="coin"] a').getAttribute('href')) ?? '';
      expect(coinsPage).toMatch(/^\/movie\/[^/]+\/coins#contract-coin$/);
      expect((await page.goto(coinsPage))?.status()).toBe(200);
      // The coins page reads the sale from the database's index of the chain (docs/coins.md, "The
      // index"), not from the chain: a silent chain leaves it whole, with no error to show.
      expect(await page.locator('[data-sale-error]').count()).toBe(0);
      expect(await page.locator('[data-sale]').getAttribute('data-sold')).toMatch(/^\d+$/);
    });
    await context.close();
  });

  it("a receipt that never comes: 'Transaction receipt not found.', then 'Transaction receipt for {hash} not found after {n} blocks'; the retry deploys once", {
    timeout: 240_000,
  }, async () => {
    const context = await adminContext();
    const page = await context.newPage();
    const watcher = await context.newPage();
    await page.goto('/admin?tab=creator-coins');
    const salt = coinCard(page, DEMO_COINS.waiting.symbol);
    expect(await salt.getAttribute('data-coin-state')).not.toBe('deployed');

    // The chain stops mining: the deployment is sent and waits.
    await chain('evm_setAutomine', [false]);
    await tap(page, salt.locator('[data-deploy]'));

    let hash = '';
    await expect
      .poll(
        async () => {
          await watcher.goto('/admin?tab=creator-coins');
          const card = coinCard(watcher, DEMO_COINS.waiting.symbol);
          if ((await card.getAttribute('data-coin-state')) !== 'deploying') return null;
          hash =
            (await card
              .locator('[data-pending] .mono')
              .textContent({ timeout: 1_000 })
              .catch(() => '')) ?? '';
          return card
            .locator('[data-receipt-note]')
            .textContent({ timeout: 1_000 })
            .catch(() => null);
        },
        { timeout: 60_000, interval: 500 },
      )
      .toBe('Transaction receipt not found.');
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/);
    await screenshot(watcher, 'coins-receipt-pending-1280');

    // The node forgets the transaction and a hundred blocks pass without it.
    expect(await chain('hardhat_dropTransaction', [hash])).toBe(true);
    await chain('hardhat_mine', ['0x65']);
    await toastText(page, TEXT.coinDeployFailed);
    await page.locator('[data-deployer-balance]').waitFor();
    const failed = coinCard(page, DEMO_COINS.waiting.symbol);
    expect(await failed.getAttribute('data-coin-state')).toBe('failed');
    expect(await failed.locator('[data-reason]').textContent()).toBe(
      fillText(TEXT.receiptNotFoundAfter, { hash, n: '100' }),
    );
    await screenshot(page, 'coins-receipt-failed-1280');

    // Mining again, the retry sends it anew and the coin is deployed once.
    await chain('evm_setAutomine', [true]);
    const retry = failed.locator('[data-deploy]');
    expect(await retry.textContent()).toContain('Retry deployment');
    await tap(page, retry);
    await toastText(page, TEXT.coinDeployed);
    await page.locator('[data-deployer-balance]').waitFor();
    expect(await coinCard(page, DEMO_COINS.waiting.symbol).getAttribute('data-coin-state')).toBe('deployed');
    // The demo's NIGHT at start-up and SALT here: one event each.
    expect(await coinDeployedEvents()).toHaveLength(2);
    await context.close();
  });
});
