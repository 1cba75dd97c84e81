import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAYOUT_TEXT } from '../../functions/domain/payouts/texts';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a member connects a payout account in TEST mode', () => {
  it('goes from /contributor/payouts through Stripe onboarding and back, and sees the account ready', async () => {
    const { context, page, errors } = await newPage(browser);
    const signIn = await context.request.post(`${baseUrl()}/api/auth/sign-in/email`, {
      data: { email: 'creator2@reelfund.local', password: 'reelfund-demo' },
      headers: { origin: baseUrl() },
    });
    expect(signIn.status()).toBe(200);

    await page.goto('/contributor/payouts');
    await page.locator('[data-account-state="not_connected"]').waitFor();
    expect(await page.locator('[data-account-status]').textContent()).toBe(PAYOUT_TEXT.notConnected);
    await page.locator('[data-connect]').click();

    // /redirect/stripe-connect asks for a fresh onboarding link and leaves for TEST mode's hosted page.
    await page.waitForURL('**/api/payments/test-onboarding/**');
    await page.locator('[data-complete]').click();

    await page.waitForURL('**/stripe-setup-complete');
    await page.locator('[data-setup-result="ready"]').waitFor();
    expect(await page.locator('[data-setup-status]').textContent()).toBe(PAYOUT_TEXT.ready);
    await screenshot(page, 'stripe-setup-complete');

    await page.locator('[data-to-payouts]').click();
    await page.waitForURL('**/contributor/payouts');
    await page.locator('[data-account-state="ready"]').waitFor();
    expect(await page.locator('[data-account-status]').textContent()).toContain(PAYOUT_TEXT.ready);
    await screenshot(page, 'contributor-payouts-ready');
    expect(errors).toEqual([]);
  });

  it('/stripe-setup-complete is public: a visitor without a session sees the empty state', async () => {
    const { page } = await newPage(browser);
    const res = await page.goto('/stripe-setup-complete');
    expect(res?.status()).toBe(200);
    expect(await page.getByText('Nothing to confirm yet').count()).toBe(1);
  });
});

describe('admin payouts', () => {
  it('an admin sees the totals on /admin/payouts and re-syncs from Stripe on /admin/payout-refresh', async () => {
    const { context, page, errors } = await newPage(browser);
    const signIn = await context.request.post(`${baseUrl()}/api/auth/sign-in/email`, {
      data: { email: 'admin@reelfund.local', password: 'reelfund-demo' },
      headers: { origin: baseUrl() },
    });
    expect(signIn.status()).toBe(200);
    await page.goto('/admin/payouts');
    await page.locator('[data-totals] [data-total="failed"]').waitFor();
    await page.getByRole('link', { name: 'Refresh from Stripe' }).click();
    await page.waitForURL('**/admin/payout-refresh');
    await page.locator('[data-refresh]').click();
    await expect.poll(() => page.locator('[data-refresh-status]').textContent()).toMatch(/^Checked \d+ account\(s\)/);
    await screenshot(page, 'admin-payout-refresh');
    expect(errors).toEqual([]);
  });
});
