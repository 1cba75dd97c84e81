import { createServer, type Server } from 'node:http';
import { createPublicClient, createWalletClient, http, type PublicClient } from 'viem';
import { privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buyLocally, localChainAddresses } from '../../functions/chain/deploy';
import { HARDHAT_DEV_KEYS } from '../../functions/chain/dev-keys';
import { hardhat } from '../../functions/domain/chains/definitions';
import { DEMO_COIN_PURCHASES, DEMO_COINS } from '../../functions/seed/coins';
import { type OwnServer, ownServer } from '../support/own-server';
import { freePort } from '../support/ports';
import { DEMO_PASSWORD } from './api';
import { launchBrowser, screenshot } from './browser';

/**
 * Coin figures come from the index, never from the chain as a page is made (docs/coins.md, "The
 * index"): one server with a chain of its own, which the worker reaches through a JSON-RPC endpoint
 * this test stands in front of and that counts every method it passes on. Rendering the coins page
 * and the film page calls none; a purchase sent straight to the sale by a script shows after the
 * next run of the hourly job; a purchase reported with a forged hash changes nothing.
 */
let endpoint: Server;
let server: OwnServer;
const methods: string[] = [];
let movieId = '';
let campaignId = '';
let drop = '';

beforeAll(async () => {
  const port = await freePort();
  endpoint = createServer(async (req, res) => {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const parsed = JSON.parse(body.toString()) as { method: string } | { method: string }[];
    for (const call of Array.isArray(parsed) ? parsed : [parsed]) methods.push(call.method);
    const upstream = await fetch(server.chainUrl as string, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body,
    });
    res.writeHead(upstream.status, { 'content-type': 'application/json' });
    res.end(Buffer.from(await upstream.arrayBuffer()));
  });
  await new Promise<void>((resolve) => endpoint.listen(port, '127.0.0.1', resolve));
  server = await ownServer('coins-index', {
    chainPort: await freePort(),
    vars: { RPC_URL: `http://127.0.0.1:${port}` },
  });
  const signIn = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { origin: server.url, 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'creator@reelfund.local', password: DEMO_PASSWORD }),
  });
  const cookie = signIn.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const mine = (await (await fetch(`${server.url}/api/campaigns/mine`, { headers: { cookie } })).json()) as {
    campaigns: { id: string; movieId: string; title: string }[];
  };
  const night = mine.campaigns.find((c) => c.title === DEMO_COINS.deployed.title);
  if (!night) throw new Error('the seed deploys the demo coin NIGHT');
  movieId = night.movieId;
  campaignId = night.id;
  const html = await (await fetch(`${server.url}/movie/${movieId}/coins`)).text();
  drop = /data-drop="(0x[0-9a-fA-F]{40})"/.exec(html)?.[1] ?? '';
}, 300_000);

afterAll(async () => {
  await server?.stop();
  endpoint?.closeAllConnections();
  await new Promise((resolve) => endpoint?.close(resolve));
});

const demoSold = DEMO_COIN_PURCHASES.reduce((s, p) => s + p.coins, 0);

async function soldOnPage(): Promise<number> {
  const html = await (await fetch(`${server.url}/movie/${movieId}/coins`)).text();
  const sold = /<strong[^>]*>([\d,]+)<\/strong> of 100,000 coins sold/.exec(html)?.[1];
  if (!sold) throw new Error(`the coins page shows no sale:\n${html.slice(0, 2000)}`);
  return Number(sold.replaceAll(',', ''));
}

const hourly = () => fetch(`${server.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('17 * * * *')}`);

describe('coin figures from the index', () => {
  it('renders the coins page and the film page without one chain call, with the demo purchases indexed at start', async () => {
    methods.length = 0;
    expect(await soldOnPage()).toBe(demoSold);
    const film = await fetch(`${server.url}/movie/${movieId}`);
    expect(film.status).toBe(200);
    expect(await film.text()).toContain(`${demoSold.toLocaleString('en-US')} of 100,000 fans&#39; coins sold`);
    expect(methods).toEqual([]);
    // The pre-trade card with its new line, as a person sees it (the page's own scripts may ask the server, never the chain).
    const browser = await launchBrowser();
    try {
      for (const width of [375, 1366]) {
        const page = await browser.newPage({ viewport: { width, height: 900 } });
        await page.goto(`${server.url}/movie/${movieId}/coins`);
        await expect.poll(() => page.locator('[data-top-ten]').textContent()).toBe('100%');
        await page.locator('[data-top-ten]').scrollIntoViewIfNeeded();
        await screenshot(page, `coins-index-card-${width}`);
        await page.close();
      }
    } finally {
      await browser.close();
    }
  });

  it('counts a purchase sent straight to the sale by a script after the next run; a forged hash changes nothing', async () => {
    const report = (body: unknown) =>
      fetch(`${server.url}/api/wallets/coin-purchases`, {
        method: 'POST',
        headers: { origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
    // A purchase reported that never happened: the run it asks for finds only what our contracts logged.
    const forged = await report({ campaignId, txHash: `0x${'ab'.repeat(32)}` });
    expect(forged.status).toBe(200);
    expect(await soldOnPage()).toBe(demoSold);
    expect((await report({ campaignId: crypto.randomUUID(), txHash: `0x${'ab'.repeat(32)}` })).status).toBe(404);
    // A script buys straight from the sale: nothing reported, the page counts it after the hourly job.
    const transport = http(server.chainUrl);
    const client = createPublicClient({ chain: hardhat, transport }) as PublicClient;
    const buyer = createWalletClient({ account: privateKeyToAccount(HARDHAT_DEV_KEYS[7]), chain: hardhat, transport });
    const usdc = localChainAddresses(privateKeyToAddress(HARDHAT_DEV_KEYS[0])).usdc;
    await buyLocally(buyer, client, { usdc, drop: drop as `0x${string}` }, 40);
    expect(await soldOnPage()).toBe(demoSold);
    await hourly();
    await expect.poll(soldOnPage).toBe(demoSold + 40);
    methods.length = 0;
    await soldOnPage();
    expect(methods).toEqual([]);
  });
  it('shows the owner a fan’s purchase in the coin analytics chart and table, rendered with no chain call', async () => {
    const analytics = `${server.url}/contributor/coin-analytics/${campaignId}`;
    const fan = privateKeyToAccount(HARDHAT_DEV_KEYS[9]);
    const transport = http(server.chainUrl);
    const client = createPublicClient({ chain: hardhat, transport }) as PublicClient;
    const wallet = createWalletClient({ account: fan, chain: hardhat, transport });
    const usdc = localChainAddresses(privateKeyToAddress(HARDHAT_DEV_KEYS[0])).usdc;
    const browser = await launchBrowser();
    try {
      const context = await browser.newContext({ viewport: { width: 1366, height: 900 } });
      const signIn = await context.request.post(`${server.url}/api/auth/sign-in/email`, {
        data: { email: 'creator@reelfund.local', password: DEMO_PASSWORD },
        headers: { origin: server.url },
      });
      expect(signIn.status()).toBe(200);
      const page = await context.newPage();
      await page.goto(analytics);
      const today = new Date().toISOString().slice(0, 10);
      const soldToday = async () => {
        const cell = page.locator(`[data-coin-days] tr[data-day="${today}"] [data-col="sold"]`);
        return (await cell.count()) ? Number(((await cell.textContent()) ?? '0').replaceAll(',', '')) : 0;
      };
      const before = await soldToday();
      expect(await page.locator(`[data-holder="${fan.address.toLowerCase()}"]`).count()).toBe(0);
      // The fan buys 23 coins straight from the sale; the next index pass counts it.
      await buyLocally(wallet, client, { usdc, drop: drop as `0x${string}` }, 23);
      await hourly();
      await expect
        .poll(async () => {
          await page.goto(analytics);
          return soldToday();
        })
        .toBe(before + 23);
      // The table names the fan's address among the holders, with the 23 coins.
      const row = page.locator(`[data-holder="${fan.address.toLowerCase()}"]`);
      expect(await row.count()).toBe(1);
      expect(await row.locator('td.num').first().textContent()).toBe('23');
      // The chart is drawn from the same figures: today's point carries the purchase.
      const sales = page.locator('[data-coin-chart="sales"]');
      await expect.poll(() => sales.getAttribute('data-drawn')).toBe('true');
      const series = JSON.parse((await sales.getAttribute('data-series')) ?? '[]') as { date: string; sold: number }[];
      expect(series.find((p) => p.date === today)?.sold).toBe(before + 23);
      expect(await sales.locator('canvas').count()).toBeGreaterThan(0);
      // Rendering the analytics page and its CSV asks the chain nothing.
      methods.length = 0;
      await page.goto(analytics);
      const csv = await context.request.get(`${server.url}/api/campaigns/${campaignId}/coin-analytics.csv`);
      expect(csv.status()).toBe(200);
      expect(await csv.text()).toContain(fan.address.toLowerCase());
      expect(methods).toEqual([]);
      for (const width of [375, 1366]) {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(analytics);
        await expect.poll(() => sales.getAttribute('data-drawn')).toBe('true');
        await screenshot(page, `coin-analytics-${width}`);
      }
      await context.close();
    } finally {
      await browser.close();
    }
  });
});
