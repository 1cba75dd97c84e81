import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './browser';
import { liveCampaign, tap } from './tap';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('cancelling checkout', () => {
  it('cancelling the TEST checkout returns to the film page saying nothing was charged', async () => {
    const live = await liveCampaign(baseUrl());
    const { page } = await newPage(browser);
    await page.goto(`/movie/${live.movieId}/donate`);
    await page.getByLabel('$25.00', { exact: true }).check();
    await page.getByLabel(/Your email/).fill('guest-canceller@example.test');
    await page.getByRole('button', { name: 'Continue to payment' }).click();
    await page.waitForURL('**/api/payments/test-checkout/**');
    await tap(page, '[data-cancel]');
    await page.waitForURL(`**/movie/${live.movieId}**`);
    await expect
      .poll(() => page.locator('[data-checkout-cancelled]').textContent())
      .toBe('Checkout cancelled: nothing was charged.');
  });
});
