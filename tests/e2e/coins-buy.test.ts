import type { Browser, Page } from 'playwright-core';
import { type Address, createPublicClient, http } from 'viem';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { coinDropProceedsAbi } from '../../functions/chain/collect-abi';
import { BASE_SEPOLIA_ID, LOCAL_CHAIN_ID } from '../../functions/domain/chains/info';
import { COIN_BUY_TEXT } from '../../functions/domain/coins/buy-texts';
import { fillText } from '../../functions/domain/fill-text';
import { WALLET_TEXT } from '../../functions/domain/wallets/texts';
import { DEMO_COINS } from '../../functions/seed/coins';
import { apiJson, signIn, signUp } from './api';
import { launchBrowser, newPage, screenshot } from './browser';
import { linkLocalWallet } from './link-wallet';
import { DECLINED_WORDS, injectTestWallets, type TestWalletSpec } from './test-wallet';

/**
 * Buying a film's coin from its coins page, through the page's own code, with an injected EIP-6963
 * wallet that signs in Node and forwards everything else to the server's local chain. The chain is
 * shared by the other browser tests: every check is a delta of a fresh account's, or of the sale's,
 * figures (the contract-level cases are in tests/chain/).
 */
let browser: Browser;
let coinsPath: string;
const chain = createPublicClient({ transport: http(inject('chainRpc')) });

beforeAll(async () => {
  browser = await launchBrowser();
  const { context } = await newPage(browser);
  await signIn(context, 'creator@reelfund.local');
  const mine = await apiJson<{ campaigns: { movieId: string; title: string }[] }>(
    context,
    'GET',
    '/api/campaigns/mine',
  );
  const night = mine.campaigns.find((c) => c.title === DEMO_COINS.deployed.title);
  if (!night) throw new Error('the seed deploys the demo coin NIGHT');
  coinsPath = `/movie/${night.movieId}/coins`;
  await context.close();
});
afterAll(async () => {
  await browser?.close();
});

const WALLET: TestWalletSpec = {
  rdns: 'test.reelfund.wallet',
  name: 'Test Wallet',
  chainId: BASE_SEPOLIA_ID,
  knownChains: [BASE_SEPOLIA_ID, LOCAL_CHAIN_ID],
  canSwitch: true,
};
/** The wallet code loads on the first click, and every step waits for the chain: seconds on a busy machine. */
const POLL = { timeout: 30_000 };

const balanceOfAbi = [
  {
    inputs: [{ type: 'address' }],
    name: 'balanceOf',
    outputs: [{ type: 'uint256' }],
    stateMutability: 'view',
    type: 'function',
  },
] as const;

async function buyerPage(spec: Partial<TestWalletSpec> = {}, width = 1366) {
  const account = privateKeyToAccount(generatePrivateKey());
  const opened = await newPage(browser, { viewport: { width, height: 900 } });
  await injectTestWallets(opened.context, account, [{ ...WALLET, ...spec }], {
    chainId: LOCAL_CHAIN_ID,
    rpcUrl: inject('chainRpc'),
  });
  return { ...opened, account };
}

const card = (page: Page) => page.locator('[data-coin-card]');
const dialog = (page: Page) => page.locator('[data-buy-dialog]');
const sold = async (page: Page) => Number(await page.locator('[data-sale]').getAttribute('data-sold'));
const holdings = async (page: Page) =>
  Number((await page.locator('[data-holdings]').getAttribute('data-holdings')) ?? -1);
const stepState = (page: Page, step: string) => page.locator(`[data-step="${step}"]`).getAttribute('data-state');
const calls = (page: Page) =>
  page.evaluate(() =>
    (window as unknown as { __walletCalls: { method: string }[] }).__walletCalls.map((c) => c.method),
  );

async function coinBalance(page: Page, who: Address) {
  const coin = (await card(page).getAttribute('data-coin')) as Address;
  return chain.readContract({ address: coin, abi: balanceOfAbi, functionName: 'balanceOf', args: [who] });
}

/** Opens the page, asks for `count` coins, ticks the card, opens the dialog and connects the wallet on the coin's chain. */
async function openDialog(page: Page, count: number, { faucet = true } = {}) {
  await page.goto(coinsPath);
  await page.fill('[data-coin-count]', String(count));
  await page.check('[data-coin-read]');
  await page.click('[data-buy-open]');
  await page.locator('[data-connect-wallet="test.reelfund.wallet"]').click(POLL);
  await dialog(page).waitFor({ state: 'visible', ...POLL });
  await expect.poll(() => page.locator('[data-buy-chain]').isVisible(), POLL).toBe(true);
  await page.click('[data-buy-switch]');
  await expect.poll(() => page.locator('[data-buy-chain]').isVisible(), POLL).toBe(false);
  await expect.poll(() => page.locator('[data-buy-balance]').textContent(), POLL).toContain('USDC');
  if (faucet) {
    await page.click('[data-buy-faucet]');
    await expect
      .poll(() => page.locator('[data-buy-balance]').textContent(), POLL)
      .toBe(fillText(COIN_BUY_TEXT.balance, { chain: 'Hardhat', amount: '1,000.00' }));
  }
}

describe('buying a creator coin on its coins page', () => {
  it('a fan takes test USDC, reads the card and buys 25 NIGHT with one permit and one transaction', async () => {
    const { page, context, errors, account } = await buyerPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(coinsPath);
    // The card, before any signature: price, total, what you get, the team's locked coins, what a coin is not.
    await expect(page.locator('[data-price]').textContent()).resolves.toBe('0.10 USDC a coin');
    await expect(page.locator('[data-locked]').getAttribute('data-locked')).resolves.toBe('70000');
    await expect(page.locator('[data-next-unlock]').textContent()).resolves.toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4}$/);
    for (const text of [COIN_BUY_TEXT.notRevenue, COIN_BUY_TEXT.notRefund, COIN_BUY_TEXT.notValue])
      await expect(page.locator('[data-coin-is-not]').textContent()).resolves.toContain(text);
    await page.fill('[data-coin-count]', '25');
    await expect(page.locator('[data-total]').textContent()).resolves.toBe('2.50 USDC');
    await expect(page.locator('[data-get]').textContent()).resolves.toBe('25 NIGHT');
    // Not before the buyer ticks that they read it.
    expect(await page.locator('[data-buy-open]').isDisabled()).toBe(true);
    await page.waitForLoadState('networkidle');
    // No wallet code until the buyer opens the dialog (the buy module carries viem and the wallet store).
    const buyModule = (u: string) => /\/_astro\/buy\.[^/]+\.js$/.test(u);
    expect(requested.filter((u) => u.includes('/api/wallets') || buyModule(u))).toEqual([]);
    await screenshot(page, 'coin-card-1366');
    await page.check('[data-coin-read]');
    await page.click('[data-buy-open]');
    await expect.poll(() => requested.some(buyModule), POLL).toBe(true);

    await openDialog(page, 25);
    const soldBefore = await sold(page);
    expect(await holdings(page)).toBe(0);
    await screenshot(page, 'coin-buy-dialog-1366');
    await page.click('[data-buy-confirm]');
    await expect.poll(() => page.locator('[data-buy-done]').textContent(), POLL).toBe('You bought 25 NIGHT.');
    // From the receipt, without a reload.
    expect(await sold(page)).toBe(soldBefore + 25);
    expect(await page.locator('[data-sale] meter').evaluate((m) => (m as HTMLMeterElement).value)).toBe(
      soldBefore + 25,
    );
    // Then the campaign's channel pushes the sale as indexed past the receipt's block: counted once.
    const head = Number(await chain.getBlockNumber());
    await expect
      .poll(async () => Number(await page.locator('[data-sale]').getAttribute('data-indexed-through')), POLL)
      .toBeGreaterThanOrEqual(head);
    const drop = (await card(page).getAttribute('data-drop')) as Address;
    expect(await sold(page)).toBe(
      Number(await chain.readContract({ address: drop, abi: coinDropProceedsAbi, functionName: 'coinsSold' })),
    );
    await expect.poll(() => holdings(page), POLL).toBe(25);
    expect(await coinBalance(page, account.address)).toBe(25n * 10n ** 18n);
    const methods = await calls(page);
    expect(methods.filter((m) => m === 'eth_signTypedData_v4')).toHaveLength(1);
    expect(methods.filter((m) => m === 'eth_sendTransaction')).toHaveLength(1);
    for (const step of ['permit', 'buy', 'receipt']) expect(await stepState(page, step)).toBe('success');
    await expect
      .poll(() => page.locator('[data-buy-balance]').textContent(), POLL)
      .toBe(fillText(COIN_BUY_TEXT.balance, { chain: 'Hardhat', amount: '997.50' }));
    await screenshot(page, 'coin-bought-1366');
    await page.click('[data-buy-close]');
    await expect
      .poll(() => page.locator('[data-holdings-text]').textContent())
      .toBe('25 NIGHT, worth 2.50 USDC at the sale price');

    // Held: /account's wallet section lists the coins of each linked wallet.
    await signUp(context, 'fan');
    await linkLocalWallet(context, account);
    // From the index, which the page's report of the purchase asked to run (docs/coins.md, "Holdings").
    const held = page.locator(`[data-chain-row="${LOCAL_CHAIN_ID}"] [data-held="NIGHT"]`);
    await expect
      .poll(async () => {
        await page.goto('/account#wallets');
        return (await held.count()) ? held.getAttribute('data-held-coins') : null;
      }, POLL)
      .toBe('25');
    await held.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-held-coins-1366');
    await page.setViewportSize({ width: 375, height: 800 });
    await held.scrollIntoViewIfNeeded();
    await screenshot(page, 'account-held-coins-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a wallet that cannot sign typed data approves, then buys', async () => {
    const { page, context, errors, account } = await buyerPage({ typedData: false }, 375);
    await openDialog(page, 3);
    const soldBefore = await sold(page);
    await page.click('[data-buy-confirm]');
    await expect.poll(() => page.locator('[data-buy-done]').textContent(), POLL).toBe('You bought 3 NIGHT.');
    expect(await stepState(page, 'approve')).toBe('success');
    expect(await sold(page)).toBe(soldBefore + 3);
    expect(await coinBalance(page, account.address)).toBe(3n * 10n ** 18n);
    expect((await calls(page)).filter((m) => m === 'eth_sendTransaction')).toHaveLength(2);
    await screenshot(page, 'coin-bought-approve-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('more than is left, more than the balance, a wallet that cannot switch, a declined signature: a clear message, nothing moves', async () => {
    // More than is left: the card says so and does not open.
    const { page, context, errors, account } = await buyerPage({ declines: ['eth_signTypedData_v4'] });
    await page.goto(coinsPath);
    const left = Number(await card(page).getAttribute('data-left'));
    await page.fill('[data-coin-count]', String(left + 1));
    await page.check('[data-coin-read]');
    await expect
      .poll(() => page.locator('[data-count-error]').textContent())
      .toBe(fillText(COIN_BUY_TEXT.tooMany, { left: left.toLocaleString('en-US') }));
    expect(await page.locator('[data-buy-open]').isDisabled()).toBe(true);

    // More than the balance: the wallet has no USDC.
    await openDialog(page, 2, { faucet: false });
    await expect
      .poll(() => page.locator('[data-buy-error]').textContent(), POLL)
      .toBe(fillText(COIN_BUY_TEXT.tooPoor, { balance: '0.00', count: '2', cost: '0.20' }));
    expect(await page.locator('[data-buy-confirm]').isDisabled()).toBe(true);

    // A declined signature: the wallet's own words, nothing sent, nothing bought.
    await page.click('[data-buy-faucet]');
    await expect.poll(() => page.locator('[data-buy-confirm]').isDisabled(), POLL).toBe(false);
    const soldBefore = await sold(page);
    await page.click('[data-buy-confirm]');
    await expect.poll(() => page.locator('[data-buy-error]').textContent(), POLL).toBe(DECLINED_WORDS);
    expect(await stepState(page, 'permit')).toBe('error');
    expect(await stepState(page, 'buy')).toBe('idle');
    expect(await sold(page)).toBe(soldBefore);
    expect(await coinBalance(page, account.address)).toBe(0n);
    expect(await calls(page)).not.toContain('eth_sendTransaction');
    await screenshot(page, 'coin-declined-1366');
    expect(errors).toEqual([]);
    await context.close();

    // A wallet that cannot switch to the coin's chain: SPEC's words, and no buy button.
    const stubborn = await buyerPage({ canSwitch: false }, 375);
    await stubborn.page.goto(coinsPath);
    await stubborn.page.check('[data-coin-read]');
    await stubborn.page.click('[data-buy-open]');
    await stubborn.page.locator('[data-connect-wallet="test.reelfund.wallet"]').click(POLL);
    await stubborn.page.click('[data-buy-switch]', POLL);
    await expect
      .poll(() => stubborn.page.locator('[data-buy-error]').textContent(), POLL)
      .toBe(WALLET_TEXT.walletCannotSwitchChain);
    expect(await stubborn.page.locator('[data-buy-confirm]').isVisible()).toBe(false);
    await screenshot(stubborn.page, 'coin-wrong-chain-375');
    expect(stubborn.errors).toEqual([]);
    await stubborn.context.close();
  });

  it('a purchase that reverts on the chain is shown as failed, and nothing as bought', async () => {
    // The wallet sends with too little gas: the chain mines the purchase and reverts it.
    const { page, context, errors, account } = await buyerPage({ gas: 60_000 });
    await openDialog(page, 4);
    const soldBefore = await sold(page);
    await page.click('[data-buy-confirm]');
    await expect.poll(() => stepState(page, 'receipt'), POLL).toBe('error');
    await expect
      .poll(() => page.locator('[data-buy-error]').textContent(), POLL)
      .toMatch(/^The purchase failed on the chain \(transaction 0x[0-9a-f]{64} reverted\): nothing was bought\.$/);
    expect(await page.locator('[data-buy-done]').isVisible()).toBe(false);
    expect(await sold(page)).toBe(soldBefore);
    expect(await holdings(page)).toBe(0);
    expect(await coinBalance(page, account.address)).toBe(0n);
    expect(errors).toEqual([]);
    await context.close();
  });
});
