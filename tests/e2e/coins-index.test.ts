import { createServer, type Server } from 'node:http';
import { createPublicClient, createWalletClient, http, type PublicClient } from 'viem';
import { privateKeyToAccount, privateKeyToAddress } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { memberVestingCollectAbi } from '../../functions/chain/collect-abi';
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
/** The demo creator's session (cora: Hardhat's account 2, a pinned member of NIGHT with her wallet linked). */
let creatorCookie = '';

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
  creatorCookie = cookie;
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

const saleReads = [
  { inputs: [], name: 'coinsSold', outputs: [{ type: 'uint256' }], stateMutability: 'view', type: 'function' },
  { inputs: [], name: 'coin', outputs: [{ type: 'address' }], stateMutability: 'view', type: 'function' },
  {
    inputs: [{ type: 'address' }],
    name: 'withdrawable',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
] as const;
const transferAbi = [
  {
    inputs: [{ type: 'address' }, { type: 'uint256' }],
    name: 'transfer',
    outputs: [{ type: 'bool' }],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [{ type: 'address' }],
    name: 'balanceOf',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
] as const;

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

describe('every page of coin figures reads the index', () => {
  const transport = () => http(server.chainUrl);
  const client = () => createPublicClient({ chain: hardhat, transport: transport() }) as PublicClient;
  const usdc = () => localChainAddresses(privateKeyToAddress(HARDHAT_DEV_KEYS[0])).usdc;
  const cora = privateKeyToAddress(HARDHAT_DEV_KEYS[2]);
  const page = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie: creatorCookie } });
  const sale = async (name: 'coinsSold' | 'coin') =>
    client().readContract({ address: drop as `0x${string}`, abi: saleReads, functionName: name });

  it('/account shows a wallet’s coins after a transfer, and the Coins tab a member’s figures, without one chain call', async () => {
    // A fan buys 30 and gives cora 12: her balance exists only as transfers, never as a purchase of hers.
    const fan = createWalletClient({
      account: privateKeyToAccount(HARDHAT_DEV_KEYS[8]),
      chain: hardhat,
      transport: transport(),
    });
    await buyLocally(fan, client(), { usdc: usdc(), drop: drop as `0x${string}` }, 30);
    const coin = (await sale('coin')) as `0x${string}`;
    const sent = await fan.writeContract({
      address: coin,
      abi: transferAbi,
      functionName: 'transfer',
      args: [cora, 12n * 10n ** 18n],
    });
    expect((await client().waitForTransactionReceipt({ hash: sent })).status).toBe('success');
    const held = async () => {
      const html = await (await page('/account')).text();
      return Number(/data-held="NIGHT" data-held-coins="(\d+)"/.exec(html)?.[1] ?? 0);
    };
    await hourly();
    await expect.poll(held).toBe(12);
    const onChain = await client().readContract({
      address: coin,
      abi: transferAbi,
      functionName: 'balanceOf',
      args: [cora],
    });
    expect(BigInt(await held()) * 10n ** 18n).toBe(onChain);

    methods.length = 0;
    const account = await page('/account');
    expect(account.status).toBe(200);
    expect(await account.text()).toContain('data-held="NIGHT"');
    const tab = await page('/contributor?tab=coins');
    expect(tab.status).toBe(200);
    const html = await tab.text();
    expect(methods).toEqual([]);

    // The Coins tab's figures, from the index, are the chain's own.
    expect(Number(/data-coin-sold="(\d+)"/.exec(html)?.[1])).toBe(Number(await sale('coinsSold')));
    const credit = await client().readContract({
      address: drop as `0x${string}`,
      abi: saleReads,
      functionName: 'withdrawable',
      args: [cora],
    });
    expect(/data-proceeds="(\d+)"/.exec(html)?.[1]).toBe(String(credit));
    // Each vesting contract as the contract itself answers: allocation, vested at the chain's time, released, cliff.
    const block = await client().getBlock();
    for (const key of ['team', 'reserve'] as const) {
      const section = new RegExp(
        `data-vesting="${key}" data-contract="(0x[0-9a-fA-F]{40})" data-allocation="(\\d+)" data-vested="(\\d+)" data-releasable="(\\d+)" data-locked="(\\d+)" data-released="(\\d+)"`,
      ).exec(html);
      if (!section) throw new Error(`no ${key} vesting on the Coins tab`);
      const [, address, allocation, vested, releasable, locked, released] = section;
      const read = { address: address as `0x${string}`, abi: memberVestingCollectAbi } as const;
      expect(allocation).toBe(
        String(await client().readContract({ ...read, functionName: 'allocation', args: [cora] })),
      );
      expect(vested).toBe(
        String(await client().readContract({ ...read, functionName: 'vestedAmount', args: [cora, block.timestamp] })),
      );
      expect(released).toBe(String(await client().readContract({ ...read, functionName: 'released', args: [cora] })));
      expect(BigInt(releasable)).toBe(BigInt(vested) - BigInt(released));
      expect(BigInt(locked)).toBe(BigInt(allocation) - BigInt(vested));
    }
  });

  it('an open coins page moves its sold figure, coins left and meter when a purchase is indexed, without a reload', async () => {
    const browser = await launchBrowser();
    try {
      const tab = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      const errors: string[] = [];
      tab.on('pageerror', (e) => errors.push(e.message));
      await tab.goto(`${server.url}/movie/${movieId}/coins`);
      const number = async (selector: string) =>
        Number(((await tab.locator(selector).textContent()) ?? '').replaceAll(',', ''));
      const before = await number('[data-sold-text]');
      // The page's own state: a reload would lose it.
      await tab.evaluate(() => {
        (window as unknown as { stayed: boolean }).stayed = true;
      });
      const buyer = createWalletClient({
        account: privateKeyToAccount(HARDHAT_DEV_KEYS[9]),
        chain: hardhat,
        transport: transport(),
      });
      await buyLocally(buyer, client(), { usdc: usdc(), drop: drop as `0x${string}` }, 9);
      // As the coins page does after a purchase: a hint for the indexer, whose run rings the campaign's channel.
      await fetch(`${server.url}/api/wallets/coin-purchases`, {
        method: 'POST',
        headers: { origin: server.url, 'content-type': 'application/json' },
        body: JSON.stringify({ campaignId, txHash: `0x${'cd'.repeat(32)}` }),
      });
      await expect.poll(() => number('[data-sold-text]'), { timeout: 30_000 }).toBe(before + 9);
      expect(await number('[data-left-text]')).toBe(100_000 - before - 9);
      expect(await number('[data-left-hint]')).toBe(100_000 - before - 9);
      expect(await tab.locator('[data-sale] meter').evaluate((m) => (m as HTMLMeterElement).value)).toBe(before + 9);
      expect(await tab.locator('[data-coin-count]').getAttribute('max')).toBe(String(100_000 - before - 9));
      expect(await tab.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
      expect(before + 9).toBe(Number(await sale('coinsSold')));
      for (const width of [1366, 375]) {
        await tab.setViewportSize({ width, height: 900 });
        await screenshot(tab, `coins-live-sold-${width}`);
      }
      expect(errors).toEqual([]);
      await tab.close();
    } finally {
      await browser.close();
    }
  });
});
