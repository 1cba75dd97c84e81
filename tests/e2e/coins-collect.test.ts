import type { Browser, BrowserContext, Page } from 'playwright-core';
import { type Address, createPublicClient, createTestClient, createWalletClient, http, type LocalAccount } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { coinDropProceedsAbi, memberVestingCollectAbi } from '../../functions/chain/collect-abi';
import { HARDHAT_DEV_KEYS } from '../../functions/chain/dev-keys';
import { hardhat } from '../../functions/domain/chains/definitions';
import { BASE_SEPOLIA_ID, LOCAL_CHAIN_ID } from '../../functions/domain/chains/info';
import { COIN_COLLECT_TEXT as T } from '../../functions/domain/coins/collect-texts';
import { formatUsdc } from '../../functions/domain/coins/usdc';
import { fillText } from '../../functions/domain/fill-text';
import { DEMO_COINS } from '../../functions/seed/coins';
import { type OwnServer, ownServer } from '../support/own-server';
import { freePort } from '../support/ports';
import { DEMO_PASSWORD } from './api';
import { launchBrowser, screenshot } from './browser';
import { tap } from './tap';
import { injectTestWallets, type TestWalletSpec } from './test-wallet';

/**
 * A coin's members collect what it owes them on /creator-token-management, through the page's own code
 * and the injected EIP-6963 test wallet, on a server with a chain of its own (the test moves the chain's
 * time past the vesting cliffs; docs/testing.md). The contracts' arithmetic is tested in tests/chain/;
 * here: each member withdraws exactly their credit after a fan's odd purchase, a second withdrawal moves
 * nothing, the admins' books reconcile, Release waits for the cliff and then releases what the schedule
 * says, a member connected with another wallet still pays their pinned address, and the notices.
 */
let browser: Browser;
let server: OwnServer;
let chain: ReturnType<typeof createPublicClient>;
let time: ReturnType<typeof createTestClient>;
const POLL = { timeout: 30_000 };
const MONTH = 2_628_000;

const WALLET: TestWalletSpec = {
  rdns: 'test.reelfund.wallet',
  name: 'Test Wallet',
  chainId: BASE_SEPOLIA_ID,
  knownChains: [BASE_SEPOLIA_ID, LOCAL_CHAIN_ID],
  canSwitch: true,
};

const erc20 = [
  {
    inputs: [{ type: 'address' }],
    name: 'balanceOf',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
  {
    inputs: [{ type: 'address' }, { type: 'uint256' }],
    name: 'approve',
    outputs: [{ type: 'bool' }],
    stateMutability: 'nonpayable',
    type: 'function',
  },
  {
    inputs: [{ type: 'address' }, { type: 'uint256' }],
    name: 'faucet',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
] as const;
const saleAbi = [
  ...coinDropProceedsAbi,
  { inputs: [], name: 'usdc', outputs: [{ type: 'address' }], stateMutability: 'view', type: 'function' },
  { inputs: [], name: 'coin', outputs: [{ type: 'address' }], stateMutability: 'view', type: 'function' },
  {
    inputs: [{ type: 'uint256' }],
    name: 'buy',
    outputs: [],
    stateMutability: 'nonpayable',
    type: 'function',
  },
] as const;

const cora = privateKeyToAccount(HARDHAT_DEV_KEYS[2]);
const milo = privateKeyToAccount(HARDHAT_DEV_KEYS[3]);

beforeAll(async () => {
  browser = await launchBrowser();
  server = await ownServer('coins-collect', { chainPort: await freePort() });
  chain = createPublicClient({ chain: hardhat, transport: http(server.chainUrl) });
  time = createTestClient({ chain: hardhat, mode: 'hardhat', transport: http(server.chainUrl) });
}, 300_000);

afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function signedIn(email: string, width = 1366): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
  const res = await context.request.post('/api/auth/sign-in/email', {
    headers: { origin: server.url },
    data: { email, password: DEMO_PASSWORD },
  });
  expect(res.status()).toBe(200);
  return context;
}

/** A member's page with a test wallet that signs as `account` (their pinned one, or another). */
async function memberPage(email: string, account: LocalAccount, spec: Partial<TestWalletSpec> = {}, width = 1366) {
  const context = await signedIn(email, width);
  await injectTestWallets(context, account, [{ ...WALLET, ...spec }], {
    chainId: LOCAL_CHAIN_ID,
    rpcUrl: server.chainUrl as string,
  });
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto('/creator-token-management');
  return { context, page, errors };
}

const card = (page: Page) => page.locator(`[data-member-coin="${DEMO_COINS.deployed.symbol}"]`);
const attr = async (page: Page, selector: string, name: string) =>
  (await card(page).locator(selector).getAttribute(name)) as string;

/** Presses a collect button, connects the wallet on the coin's chain and sends; returns the dialog's outcome. */
async function send(page: Page, button: string, { connect = true } = {}) {
  await tap(page, card(page).locator(button));
  if (connect) {
    await page.locator('[data-connect-wallet="test.reelfund.wallet"]').click(POLL);
    await page.locator('[data-collect-dialog]').waitFor({ state: 'visible', ...POLL });
    await expect.poll(() => page.locator('[data-collect-chain]').isVisible(), POLL).toBe(true);
    await page.click('[data-collect-switch]');
  }
  await page.locator('[data-collect-dialog]').waitFor({ state: 'visible', ...POLL });
  await expect.poll(() => page.locator('[data-collect-confirm]').isEnabled(), POLL).toBe(true);
  await page.click('[data-collect-confirm]');
  await expect
    .poll(
      async () =>
        (await page.locator('[data-collect-done]').isVisible()) ||
        (await page.locator('[data-collect-error]').isVisible()),
      POLL,
    )
    .toBe(true);
}

const usdcOf = async (drop: Address) =>
  (await chain.readContract({ address: drop, abi: saleAbi, functionName: 'usdc' })) as Address;
const balance = (token: Address, who: Address) =>
  chain.readContract({ address: token, abi: erc20, functionName: 'balanceOf', args: [who] });

async function notices(context: BrowserContext) {
  const res = await context.request.get('/api/notifications');
  const body = (await res.json()) as { items: { title: string; message: string; target: string }[] };
  return body.items;
}

describe('a member collects what their coin owes them', () => {
  it('a fan buys an odd number of coins; each member withdraws exactly their credit, once; the books reconcile', async () => {
    // A fan buys 7 NIGHT straight on the chain (buying through the page is tests/e2e/coins-buy.test.ts).
    // A page loaded now (a wallet that sends whatever its gas estimate says) stays open, stale, for the end.
    const first = await memberPage('creator@reelfund.local', cora, { gas: 200_000 });
    const drop = (await card(first.page).getAttribute('data-drop')) as Address;
    const usdc = await usdcOf(drop);
    const fan = privateKeyToAccount(HARDHAT_DEV_KEYS[6]);
    const fanWallet = createWalletClient({ account: fan, chain: hardhat, transport: http(server.chainUrl) });
    const mined = async (hash: `0x${string}`) =>
      expect((await chain.waitForTransactionReceipt({ hash })).status).toBe('success');
    await mined(
      await fanWallet.writeContract({
        address: usdc,
        abi: erc20,
        functionName: 'faucet',
        args: [fan.address, 10_000_000n],
      }),
    );
    await mined(
      await fanWallet.writeContract({ address: usdc, abi: erc20, functionName: 'approve', args: [drop, 700_000n] }),
    );
    await mined(await fanWallet.writeContract({ address: drop, abi: saleAbi, functionName: 'buy', args: [7n] }));
    const credit = (who: Address) =>
      chain.readContract({ address: drop, abi: coinDropProceedsAbi, functionName: 'withdrawable', args: [who] });

    // Cora's page, loaded after the purchase: her share, her pinned address, her credit to the unit.
    const { page, context, errors } = await memberPage('creator@reelfund.local', cora);
    expect(await card(page).getAttribute('data-payee')).toBe(cora.address);
    expect(await card(page).locator('[data-payee-address]').textContent()).toBe(cora.address);
    const coraCredit = await credit(cora.address);
    expect(coraCredit).toBeGreaterThan(0n);
    expect(await attr(page, '[data-proceeds]', 'data-proceeds')).toBe(String(coraCredit));
    expect(await card(page).locator('[data-proceeds-text]').textContent()).toBe(
      fillText(T.collectProceeds, { amount: formatUsdc(coraCredit) }),
    );
    expect(Number(await attr(page, '[data-coin-sold]', 'data-coin-sold'))).toBeGreaterThanOrEqual(1_507);
    await screenshot(page, 'coins-collect-1366');

    const before = await balance(usdc, cora.address);
    await send(page, '[data-withdraw]');
    expect(await page.locator('[data-collect-done]').textContent()).toBe(
      fillText(T.collectWithdrawn, { amount: formatUsdc(coraCredit), payee: cora.address }),
    );
    expect(await balance(usdc, cora.address)).toBe(before + coraCredit);
    await screenshot(page, 'coins-collect-withdrawn-1366');
    await page.click('[data-collect-close]');
    // The figures follow the receipt: nothing left, Withdraw disabled.
    await expect.poll(() => attr(page, '[data-proceeds]', 'data-proceeds'), POLL).toBe('0');
    expect(await card(page).locator('[data-withdraw]').isDisabled()).toBe(true);
    // She is told, and the notice opens this page.
    await expect
      .poll(async () => (await notices(context)).find((n) => n.title === T.noticeWithdrawnTitle)?.target, POLL)
      .toBe('/creator-token-management');

    // A second withdrawal, sent from a page loaded before the first, reverts and moves nothing.
    const again = first;
    expect(await card(again.page).locator('[data-withdraw]').isEnabled()).toBe(true);
    const still = await balance(usdc, cora.address);
    await send(again.page, '[data-withdraw]');
    await expect
      .poll(() => again.page.locator('[data-collect-error]').textContent(), POLL)
      .toMatch(/^The transaction 0x[0-9a-f]{64} reverted on the chain \(NothingToWithdraw\): nothing was sent\.$/);
    expect(await again.page.locator('[data-step="receipt"]').getAttribute('data-state')).toBe('error');
    expect(await balance(usdc, cora.address)).toBe(still);
    await again.context.close();

    // Milo, connected with another wallet: the dialog says where the money goes, and it goes there.
    const other = privateKeyToAccount(generatePrivateKey());
    await time.setBalance({ address: other.address, value: 10n ** 18n });
    const m = await memberPage('creator2@reelfund.local', other, {}, 375);
    const miloCredit = await credit(milo.address);
    expect(await attr(m.page, '[data-proceeds]', 'data-proceeds')).toBe(String(miloCredit));
    const miloBefore = await balance(usdc, milo.address);
    await tap(m.page, card(m.page).locator('[data-withdraw]'));
    await m.page.locator('[data-connect-wallet="test.reelfund.wallet"]').click(POLL);
    await expect
      .poll(() => m.page.locator('[data-collect-goes]').textContent(), POLL)
      .toBe(fillText(T.collectGoesTo, { payee: milo.address }));
    await m.page.click('[data-collect-switch]');
    await expect.poll(() => m.page.locator('[data-collect-confirm]').isEnabled(), POLL).toBe(true);
    await screenshot(m.page, 'coins-collect-other-wallet-375');
    await m.page.click('[data-collect-confirm]');
    await expect
      .poll(() => m.page.locator('[data-collect-done]').textContent(), POLL)
      .toBe(fillText(T.collectWithdrawn, { amount: formatUsdc(miloCredit), payee: milo.address }));
    expect(await balance(usdc, milo.address)).toBe(miloBefore + miloCredit);
    expect(await balance(usdc, other.address)).toBe(0n);
    expect(m.errors).toEqual([]);
    await m.context.close();

    // The admins' books: held + withdrawn = raised, and the platform's part is the treasury's credit.
    const admin = await signedIn('admin@reelfund.local');
    const tab = await admin.newPage();
    await tab.goto('/admin?tab=creator-coins');
    const books = tab.locator('[data-books]').first();
    const raised = await chain.readContract({ address: drop, abi: coinDropProceedsAbi, functionName: 'totalProceeds' });
    expect(await books.getAttribute('data-raised')).toBe(String(raised));
    expect(await books.getAttribute('data-withdrawn')).toBe(String(coraCredit + miloCredit));
    expect(await books.getAttribute('data-held')).toBe(String(await balance(usdc, drop)));
    expect(BigInt((await books.getAttribute('data-held')) as string) + coraCredit + miloCredit).toBe(raised);
    const treasury = await chain.readContract({ address: drop, abi: coinDropProceedsAbi, functionName: 'treasury' });
    expect(await books.getAttribute('data-platform')).toBe(String(await credit(treasury)));
    expect(await books.getAttribute('data-holds')).toBe('true');
    expect(await tab.locator('[data-books-check]').first().textContent()).toMatch(/^Reconciled: /);
    await tab.locator('[data-books]').first().scrollIntoViewIfNeeded();
    await screenshot(tab, 'coins-admin-books-1366');
    await admin.close();

    // The creator dashboard's Coins tab: the same coin, its sold figure and its page — read from the index,
    // which the withdrawals' receipts asked to run (docs/coins.md, "The index").
    await expect
      .poll(async () => {
        await page.goto('/contributor?tab=coins');
        return card(page).locator('[data-proceeds]').getAttribute('data-proceeds');
      }, POLL)
      .toBe('0');
    expect(await card(page).locator('[data-coin-sold]').getAttribute('data-coin-sold')).toBe(
      String(await chain.readContract({ address: drop, abi: coinDropProceedsAbi, functionName: 'coinsSold' })),
    );
    expect(await card(page).locator('a[href$="/coins"]').first().getAttribute('href')).toMatch(
      /^\/movie\/[^/]+\/coins$/,
    );
    expect(await card(page).locator('a[href="/creator-token-management"]').count()).toBe(1);
    await screenshot(page, 'coins-dashboard-tab-1366');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('Release waits for the cliff, then releases what the schedule says from both contracts; the member is told', {
    timeout: 240_000,
  }, async () => {
    const { page, context, errors } = await memberPage('creator@reelfund.local', cora);
    const section = (key: string) => card(page).locator(`[data-vesting="${key}"]`);
    const contract = async (key: string) => (await section(key).getAttribute('data-contract')) as Address;
    const [team, reserve] = [await contract('team'), await contract('reserve')];
    const read = <F extends 'allocation' | 'released' | 'cliffEnd'>(address: Address, fn: F) =>
      fn === 'cliffEnd'
        ? chain.readContract({ address, abi: memberVestingCollectAbi, functionName: 'cliffEnd' })
        : chain.readContract({
            address,
            abi: memberVestingCollectAbi,
            functionName: fn as 'allocation',
            args: [cora.address],
          });
    // Before the cliff: nothing to release, the date it starts.
    for (const [key, address] of [
      ['team', team],
      ['reserve', reserve],
    ] as const) {
      expect(await section(key).locator('[data-release]').isDisabled()).toBe(true);
      const cliff = new Date(Number(await read(address, 'cliffEnd')) * 1000);
      const day = cliff.toLocaleDateString('en-US', {
        year: 'numeric',
        month: 'short',
        day: 'numeric',
        timeZone: 'UTC',
      });
      expect(await section(key).locator('[data-release-note]').textContent()).toBe(
        fillText(T.collectReleasableFrom, { date: day }),
      );
      expect(await section(key).getAttribute('data-locked')).toBe(String(await read(address, 'allocation')));
    }
    await screenshot(page, 'coins-collect-locked-1366');

    // Seven months on: the team's cliff (6 months) has passed, the reserve's (12) has not.
    await time.increaseTime({ seconds: 7 * MONTH });
    await time.mine({ blocks: 1 });
    await fetch(`${server.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('17 * * * *')}`);
    await expect
      .poll(
        async () => (await notices(context)).filter((n) => n.title === T.noticeReleasableTitle).map((n) => n.target),
        POLL,
      )
      .toEqual(['/creator-token-management']);
    await page.reload();
    expect(await section('reserve').locator('[data-release]').isDisabled()).toBe(true);
    expect(BigInt((await section('team').getAttribute('data-releasable')) as string)).toBeGreaterThan(0n);

    /** Releases `key` through the page; returns what the Released event sent and checks the schedule. */
    const release = async (key: 'team' | 'reserve', address: Address, connect: boolean) => {
      const coin = (await chain.readContract({
        address: (await card(page).getAttribute('data-drop')) as Address,
        abi: saleAbi,
        functionName: 'coin',
      })) as Address;
      const [allocation, releasedBefore, held] = await Promise.all([
        read(address, 'allocation'),
        read(address, 'released'),
        balance(coin, cora.address),
      ]);
      await send(page, `[data-release="${key}"]`, { connect });
      expect(await page.locator('[data-collect-error]').isVisible()).toBe(false);
      const logs = await chain.getContractEvents({
        address,
        abi: memberVestingCollectAbi,
        eventName: 'Released',
        fromBlock: 0n,
      });
      const last = logs.at(-1);
      const block = await chain.getBlock({ blockNumber: last?.blockNumber as bigint });
      const cliff = await read(address, 'cliffEnd');
      const duration = await chain.readContract({
        address,
        abi: [
          { inputs: [], name: 'duration', outputs: [{ type: 'uint64' }], stateMutability: 'view', type: 'function' },
        ] as const,
        functionName: 'duration',
      });
      const elapsed = block.timestamp - cliff;
      const vested = elapsed >= duration ? allocation : (allocation * elapsed) / duration;
      expect(last?.args.amount).toBe(vested - releasedBefore);
      expect(await balance(coin, cora.address)).toBe(held + vested - releasedBefore);
      await page.click('[data-collect-close]');
      await expect
        .poll(() => section(key).getAttribute('data-releasable'), POLL)
        .not.toBe(String(vested - releasedBefore));
      return { allocation, vested };
    };
    await release('team', team, true);
    expect(await section('team').getAttribute('data-released')).not.toBe('0');
    await expect
      .poll(async () => (await notices(context)).find((n) => n.title === T.noticeReleasedTitle)?.target, POLL)
      .toBe('/creator-token-management');

    // Past the end of both schedules (48 months): everything left, from both contracts.
    await time.increaseTime({ seconds: 42 * MONTH });
    await time.mine({ blocks: 1 });
    await page.reload();
    for (const [key, address] of [
      ['team', team],
      ['reserve', reserve],
    ] as const) {
      const { allocation, vested } = await release(key, address, false);
      expect(vested).toBe(allocation);
      expect(await section(key).getAttribute('data-locked')).toBe('0');
      expect(await read(address, 'released')).toBe(allocation);
      await expect
        .poll(() => section(key).locator('[data-release-note]').textContent(), POLL)
        .toBe(T.collectAllReleased);
      expect(await section(key).locator('[data-release]').isDisabled()).toBe(true);
    }
    await screenshot(page, 'coins-collect-released-1366');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'coins-collect-released-375');
    // The hourly job again: one releasable notice per contract, never twice.
    await fetch(`${server.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('17 * * * *')}`);
    await fetch(`${server.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('17 * * * *')}`);
    await expect
      .poll(async () => (await notices(context)).filter((n) => n.title === T.noticeReleasableTitle).length, POLL)
      .toBe(2);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('someone who is no member reads what a coin is and how a campaign gets one', async () => {
    const context = await browser.newContext({ baseURL: server.url, viewport: { width: 375, height: 800 } });
    const res = await context.request.post('/api/auth/sign-up/email', {
      headers: { origin: server.url },
      data: { email: `fan_${Date.now()}@example.test`, password: 'guest-password-1', name: `fan_${Date.now()}` },
    });
    expect(res.status()).toBe(200);
    const page = await context.newPage();
    const opened = await page.goto('/creator-token-management');
    expect(opened?.status()).toBe(200);
    expect(await page.locator('[data-no-member-coins]').textContent()).toContain(T.collectHow);
    await screenshot(page, 'coins-collect-none-375');
    await context.close();
  });
});
