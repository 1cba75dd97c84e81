// `tsx scripts/bench/coin-buy.ts <base url> <chain rpc> <coins path> [runs]`: the time from the press on the buy
// dialog's confirm button to the buyer's holdings shown from the receipt, on the local chain, in Chromium with the
// browser tests' injected EIP-6963 wallet (tests/e2e/test-wallet.ts). Each run is a fresh account and context;
// the wallet is connected, on the coin's chain and funded (faucet) before the clock starts. Prints JSON.
import { chromium } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { BASE_SEPOLIA_ID, LOCAL_CHAIN_ID } from '../../functions/domain/chains/info';
import { injectTestWallets } from '../../tests/e2e/test-wallet';
import { CHROMIUM_FLAGS, resolveChromium } from '../lib/browser.mjs';

const [base, rpcUrl, coinsPath, runsArg] = process.argv.slice(2);
if (!base || !rpcUrl || !coinsPath) throw new Error('usage: coin-buy.ts <base url> <chain rpc> <coins path> [runs]');
const runs = Number(runsArg ?? 3);
const chrome = await resolveChromium();
const browser = await chromium.launch({
  executablePath: chrome.path,
  env: { ...process.env, ...chrome.env, LANG: 'en_US.UTF-8', LC_ALL: 'en_US.UTF-8' },
  args: ['--headless', ...CHROMIUM_FLAGS],
});
const times: number[] = [];
try {
  for (let i = 0; i < runs; i++) {
    const context = await browser.newContext({ baseURL: base });
    const account = privateKeyToAccount(generatePrivateKey());
    const wallet = {
      rdns: 'bench.reelfund.wallet',
      name: 'Bench Wallet',
      chainId: BASE_SEPOLIA_ID,
      knownChains: [BASE_SEPOLIA_ID, LOCAL_CHAIN_ID],
      canSwitch: true,
    };
    // tsx keeps function names with an `__name` helper that the wallet's page script would miss in the page.
    await context.addInitScript({ content: 'window.__name = (f) => f;' });
    await injectTestWallets(context, account, [wallet], { chainId: LOCAL_CHAIN_ID, rpcUrl });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (e) => problems.push(String(e)));
    page.on('console', (m) => m.type() === 'error' && problems.push(m.text()));
    await page.goto(coinsPath);
    await page.fill('[data-coin-count]', '10');
    await page.check('[data-coin-read]');
    await page.click('[data-buy-open]');
    await page
      .locator(`[data-connect-wallet="${wallet.rdns}"]`)
      .click({ timeout: 30_000 })
      .catch(async (err) => {
        await page.screenshot({ path: 'test-results/bench-coin-buy.png', fullPage: true });
        throw new Error(`${err}\n${problems.join('\n')}`);
      });
    await page.locator('[data-buy-switch]').click({ timeout: 30_000 });
    await page.locator('[data-buy-faucet]').click({ timeout: 30_000 });
    await page.locator('[data-buy-confirm]:not([disabled])').waitFor({ timeout: 30_000 });
    const start = Date.now();
    await page.click('[data-buy-confirm]');
    await page.locator('[data-holdings="10"]').waitFor({ state: 'attached', timeout: 60_000 });
    times.push(Date.now() - start);
    await context.close();
  }
} finally {
  await browser.close();
}
const sorted = [...times].sort((a, b) => a - b);
console.log(JSON.stringify({ runs: times, median: sorted[Math.floor(sorted.length / 2)] }));
