import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BASE_ID, BASE_SEPOLIA_ID } from '../../functions/domain/chains/info';
import { TEXT } from '../../functions/domain/texts';
import { shortAddress } from '../../functions/domain/wallets/address';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';
import { injectTestWallets, type TestWalletSpec } from './test-wallet';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const TEST_WALLET: TestWalletSpec = {
  rdns: 'test.reelfund.wallet',
  name: 'Test Wallet',
  chainId: BASE_SEPOLIA_ID,
  knownChains: [BASE_SEPOLIA_ID],
  canSwitch: true,
};
const STUBBORN_WALLET: TestWalletSpec = {
  rdns: 'test.reelfund.stubborn',
  name: 'Stubborn Wallet',
  chainId: BASE_SEPOLIA_ID,
  knownChains: [BASE_SEPOLIA_ID],
  canSwitch: false,
};

async function signUp(context: BrowserContext) {
  const name = `wal_${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: { email: `${name}@example.test`, password: 'wallet-password-1', name },
    headers: { origin: baseUrl() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function walletPage(viewport = { width: 1366, height: 900 }) {
  const account = privateKeyToAccount(generatePrivateKey());
  const opened = await newPage(browser, { viewport });
  await injectTestWallets(opened.context, account, [TEST_WALLET, STUBBORN_WALLET]);
  return { ...opened, account };
}

/** The wallet code loads on the first click: on a busy machine that can take seconds. */
const POLL = { timeout: 20_000 };

const picker = (page: Page) => page.locator('[data-wallet-picker]');
const headerLabel = (page: Page) => page.locator('.site-header [data-wallet-open] [data-wallet-label]');
const calls = (page: Page) =>
  page.evaluate(() => (window as unknown as { __walletCalls: { method: string }[] }).__walletCalls);

async function openPicker(page: Page) {
  await page.click('.site-header [data-wallet-open]');
  await picker(page).waitFor({ state: 'visible' });
}

async function closePicker(page: Page) {
  await page.click('[data-wallet-close]');
  await picker(page).waitFor({ state: 'hidden' });
}

describe('the wallet picker', () => {
  it('loads on the click, connects, stays connected after a reload, switches chain and disconnects', async () => {
    const { page, context, errors, account } = await walletPage();
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto('/');
    await expect(headerLabel(page).textContent()).resolves.toBe('Wallet');
    // Nothing of the wallet is fetched until the person opens it.
    await page.waitForLoadState('networkidle');
    expect(requested.filter((u) => u.includes('/api/wallets'))).toEqual([]);
    const scriptsBefore = requested.filter((u) => u.endsWith('.js')).length;

    await openPicker(page);
    expect(requested.filter((u) => u.endsWith('.js')).length).toBeGreaterThan(scriptsBefore);
    await page.locator('[data-connect-wallet="test.reelfund.wallet"]').waitFor();
    await expect(page.locator('[data-connect-wallet]').allTextContents()).resolves.toEqual([
      'Test Wallet',
      'Stubborn Wallet',
    ]);

    await page.click('[data-connect-wallet="test.reelfund.wallet"]');
    const active = page.locator('[data-active-account]');
    await active.waitFor();
    await expect(active.getAttribute('data-active-account')).resolves.toBe(account.address);
    await expect(active.textContent()).resolves.toBe(shortAddress(account.address));
    await expect(page.locator('[data-chain-select]').inputValue()).resolves.toBe(String(BASE_SEPOLIA_ID));
    await expect(headerLabel(page).textContent()).resolves.toBe(shortAddress(account.address));
    await screenshot(page, 'wallet-picker-1366');

    // A typed address: lower-case or checksummed is accepted, a wrong checksum is not.
    await page.fill('[data-address-input]', account.address.toLowerCase());
    await expect(page.locator('[data-address-result="valid"] code').textContent()).resolves.toBe(account.address);
    const flipped = account.address.replace(/[a-f]/, (c) => c.toUpperCase());
    await page.fill('[data-address-input]', flipped === account.address ? `${account.address}0` : flipped);
    await expect(page.locator('[data-address-result="invalid"]').textContent()).resolves.toBe(TEXT.invalidAddress);

    // Next visit: reconnected from local storage with eth_accounts, never a prompt.
    await page.reload();
    await expect.poll(() => headerLabel(page).textContent(), POLL).toBe(shortAddress(account.address));
    const afterReload = (await calls(page)).map((c) => c.method);
    expect(afterReload).toContain('eth_accounts');
    expect(afterReload).not.toContain('eth_requestAccounts');

    // Switch to Base: the wallet does not know it (4902), so it is asked to add it, then switches.
    await openPicker(page);
    await page.selectOption('[data-chain-select]', String(BASE_ID));
    await expect
      .poll(() => page.locator('[data-chain-select]').getAttribute('data-chain-id'), POLL)
      .toBe(String(BASE_ID));
    const added = await page.evaluate(
      () => (window as unknown as { __walletAdded: { chainId: string }[] }).__walletAdded,
    );
    expect(added.map((a) => Number(a.chainId))).toEqual([BASE_ID]);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('reelfund.wallet') ?? '{}'));
    expect(stored).toMatchObject({
      connectedWalletIds: ['test.reelfund.wallet'],
      activeWalletId: 'test.reelfund.wallet',
      activeChainId: BASE_ID,
    });
    expect(await page.locator('[data-wallet-error]').count()).toBe(0);

    // A wallet that cannot switch chains: the product's text, and it stays where it was.
    await page.click('[data-connect-wallet="test.reelfund.stubborn"]');
    await expect
      .poll(() => page.locator('[data-active-wallet]').getAttribute('data-active-wallet'), POLL)
      .toBe('test.reelfund.stubborn');
    await page.selectOption('[data-chain-select]', String(BASE_ID));
    await expect.poll(() => page.locator('[data-wallet-error]').textContent(), POLL).toBe(TEXT.walletCannotSwitchChain);
    await expect(page.locator('[data-chain-select]').getAttribute('data-chain-id')).resolves.toBe(
      String(BASE_SEPOLIA_ID),
    );

    // Back to the first wallet, then disconnect both.
    await page.click('[data-connected-wallet="test.reelfund.wallet"] [data-use-wallet]');
    await expect
      .poll(() => page.locator('[data-active-wallet]').getAttribute('data-active-wallet'), POLL)
      .toBe('test.reelfund.wallet');
    await page.click('[data-disconnect]');
    await expect
      .poll(() => page.locator('[data-active-wallet]').getAttribute('data-active-wallet'), POLL)
      .toBe('test.reelfund.stubborn');
    await page.click('[data-disconnect]');
    await page.locator('[data-wallet-none]').waitFor();
    await expect(headerLabel(page).textContent()).resolves.toBe('Wallet');
    await closePicker(page);

    await page.reload();
    await page.waitForLoadState('networkidle');
    await expect(headerLabel(page).textContent()).resolves.toBe('Wallet');
    expect(await page.evaluate(() => localStorage.getItem('reelfund.wallet'))).toBeNull();
    expect(errors).toEqual([]);
    await context.close();
  });

  it("a locked wallet that gives no account: 'Cannot set a wallet without an account as active'", async () => {
    const account = privateKeyToAccount(generatePrivateKey());
    const { page, context, errors } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await injectTestWallets(context, account, [
      { ...TEST_WALLET, rdns: 'test.reelfund.locked', name: 'Locked', locked: true },
    ]);
    await page.goto('/');
    await openPicker(page);
    await page.click('[data-connect-wallet="test.reelfund.locked"]');
    await expect
      .poll(() => page.locator('[data-wallet-error]').textContent(), POLL)
      .toBe('Cannot set a wallet without an account as active');
    expect(await page.locator('[data-active-account]').count()).toBe(0);
    await expect(headerLabel(page).textContent()).resolves.toBe('Wallet');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('fits a phone: the picker at 375 px', async () => {
    const { page, context, errors } = await walletPage({ width: 375, height: 780 });
    await page.goto('/');
    await openPicker(page);
    await page.click('[data-connect-wallet="test.reelfund.wallet"]');
    await page.locator('[data-active-account]').waitFor();
    const box = await picker(page).boundingBox();
    expect(box && box.x >= 0 && box.x + box.width <= 375).toBe(true);
    await screenshot(page, 'wallet-picker-375');
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('linking a wallet on /account', () => {
  it("says 'No active wallet found' without one, links the connected wallet by signing, and unlinks", async () => {
    const { page, context, errors, account } = await walletPage();
    await signUp(context);
    await page.goto('/account');
    const row = page.locator(`[data-chain-row="${BASE_SEPOLIA_ID}"]`);
    await expect(row.getAttribute('data-linked')).resolves.toBe('false');

    await page.click('[data-wallet-link]');
    await expect.poll(() => page.locator('[data-wallet-link-error]').textContent(), POLL).toBe(TEXT.noActiveWallet);
    // The picker opened so the person can connect one.
    await picker(page).waitFor({ state: 'visible' });
    await page.click('[data-connect-wallet="test.reelfund.wallet"]');
    await page.locator('[data-active-account]').waitFor();
    await closePicker(page);

    await page.click('[data-wallet-link]');
    await expect.poll(() => row.getAttribute('data-linked'), POLL).toBe('true');
    await expect(row.locator('[data-linked-address]').getAttribute('data-linked-address')).resolves.toBe(
      account.address,
    );
    await expect(page.locator('[data-toaster] .toast').first().textContent()).resolves.toContain(TEXT.walletLinked);
    const signed = (await calls(page)).map((c) => c.method);
    expect(signed).not.toContain('eth_requestAccounts');
    const api = await context.request.get('/api/wallets');
    expect(((await api.json()) as { wallets: unknown[] }).wallets).toEqual([
      { chainId: BASE_SEPOLIA_ID, address: account.address, linkedAt: expect.any(String) },
    ]);
    await screenshot(page, 'account-wallets-1366');
    await page.setViewportSize({ width: 375, height: 800 });
    await page.locator('[data-linked-wallets]').scrollIntoViewIfNeeded();
    await screenshot(page, 'account-wallets-375');

    await row.locator('[data-unlink]').click();
    await expect.poll(() => row.getAttribute('data-linked'), POLL).toBe('false');
    expect(((await (await context.request.get('/api/wallets')).json()) as { wallets: unknown[] }).wallets).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('"Link a wallet" in a browser without any wallet', () => {
  it.each([375, 1366])("at %i px keeps 'No active wallet found' and says how to get a wallet", async (width) => {
    const { page, context, errors } = await newPage(browser, { viewport: { width, height: 900 } });
    await signUp(context);
    await page.goto('/account');
    await page.click('[data-wallet-link]');
    const error = page.locator('[data-wallet-link-error]');
    await expect.poll(() => error.textContent(), POLL).toBe(`${TEXT.noActiveWallet}. ${TEXT.walletHowToGet}`);
    await page.locator('[data-linked-wallets]').scrollIntoViewIfNeeded();
    await screenshot(page, `account-no-wallet-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
