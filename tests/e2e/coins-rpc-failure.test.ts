import { mkdtempSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../functions/domain/messages';
import { DEMO_COINS } from '../../functions/seed/coins';
import { serve } from '../../scripts/serve.mjs';
import { freePort } from '../support/ports';
import { DEMO_PASSWORD, toastText } from './api';
import { launchBrowser, screenshot } from './browser';
import { E2E_AUTH_LIMITS } from './global-setup';

/**
 * The chain's own failure, shown to the admin in its words: a server of its own whose RPC endpoint
 * (a public chain's, mocked at the wire) answers 503. The Creator Coins tab says why the deployer's
 * balance is unknown, and a deployment attempt fails with its toast and deploys nothing.
 */
const RPC_FAILURE = 'RPC request failed with status 503 - Service Unavailable: upstream down';

let browser: Browser;
let rpc: Server;
let server: { url: string; stop: () => Promise<void> };
const state = mkdtempSync(join(tmpdir(), 'reelfund-e2e-rpc-failure-'));

beforeAll(async () => {
  browser = await launchBrowser();
  const rpcPort = await freePort();
  rpc = createServer((_req, res) => {
    res.writeHead(503, 'Service Unavailable');
    res.end('upstream down');
  });
  await new Promise<void>((resolve) => rpc.listen(rpcPort, '127.0.0.1', resolve));
  server = await serve({
    port: await freePort(),
    persistTo: state,
    build: false,
    quiet: true,
    vars: { ...E2E_AUTH_LIMITS, RPC_URL: `http://127.0.0.1:${rpcPort}` },
  });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await new Promise((resolve) => rpc?.close(resolve));
  rmSync(state, { recursive: true, force: true });
});

const coinCard = (page: Page, symbol: string) =>
  page.locator('[data-coin]', { has: page.locator(`text=${symbol} ·`) }).first();

describe('an RPC endpoint that fails', () => {
  it("shows 'RPC request failed with status {status} - {text}: {body}' on the tab; a deploy fails with its toast", async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 1280, height: 900 } });
    const page = await context.newPage();
    const signIn = await context.request.post('/api/auth/sign-in/email', {
      headers: { origin: server.url },
      data: { email: 'admin@reelfund.local', password: DEMO_PASSWORD },
    });
    expect(signIn.status()).toBe(200);
    await page.goto('/admin?tab=creator-coins');
    await expect
      .poll(() => page.locator('[data-deployer-balance]').textContent())
      .toBe(`Balance unavailable: ${RPC_FAILURE}`);

    const salt = coinCard(page, DEMO_COINS.waiting.symbol);
    expect(await salt.getAttribute('data-coin-state')).toBe('deployable');
    await salt.locator('[data-deploy]').click();
    await toastText(page, MSG.coinDeployFailed);
    // Nothing was deployed: the coin is still ready to deploy once the endpoint answers.
    await page.locator('[data-deployer-balance]').waitFor();
    expect(await coinCard(page, DEMO_COINS.waiting.symbol).getAttribute('data-coin-state')).not.toBe('deployed');
    await screenshot(page, 'coins-rpc-failure-1280');
    await context.close();
  });
});
