import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface LiveCampaign {
  campaignId: string;
  movieId: string;
  filmTitle: string;
  raisedCents: number;
}

const raisedOf = async (campaignId: string) => {
  const res = await fetch(`${baseUrl()}/api/campaigns/${campaignId}/funding`);
  expect(res.status).toBe(200);
  return ((await res.json()) as { funding: { raisedCents: number } }).funding.raisedCents;
};

describe('donating as a guest in TEST mode', () => {
  it('pays $25 through the TEST checkout page, lands on /donation-success, and the raised amount moves', async () => {
    const live = (await (await fetch(`${baseUrl()}/api/campaigns/live`)).json()) as { campaigns: LiveCampaign[] };
    const campaign = live.campaigns[0];
    if (!campaign) throw new Error('the campaigns seed has a live campaign');
    const before = await raisedOf(campaign.campaignId);

    const { page } = await newPage(browser);
    await page.goto(`${baseUrl()}/movie/${campaign.movieId}`);
    await page.locator('[data-donate]').click();
    await page.waitForURL(`**/movie/${campaign.movieId}/donate`);
    await page.getByText('Platform fee').waitFor();
    await page.getByLabel('$25.00', { exact: true }).check();
    await page.getByLabel(/Your email/).fill('guest-donor@example.test');
    await page.getByRole('button', { name: 'Continue to payment' }).click();

    await page.waitForURL('**/api/payments/test-checkout/**');
    await page.locator('[data-pay]').click();
    await page.waitForURL('**/donation-success?session=**');
    await expect.poll(() => page.locator('[data-amount]').textContent()).toBe('$25.00');
    expect(await page.locator('[data-film]').textContent()).toBe(campaign.filmTitle);
    await screenshot(page, 'donation-success');

    // The webhook credits the payment after the redirect: the raised amount moves by exactly $25.
    await expect.poll(() => raisedOf(campaign.campaignId), { timeout: 15_000 }).toBe(before + 2500);
    await page.reload();
    await expect.poll(() => page.locator('[data-status]').textContent()).toBe('Payment received');
  });

  it('a film whose campaign is not live shows no form on the donate page', async () => {
    const { page } = await newPage(browser);
    const res = await page.goto(`${baseUrl()}/movie/no-such-film/donate`);
    expect(res?.status()).toBe(200);
    expect(await page.locator('[data-fund-form]').count()).toBe(0);
    expect(await page.getByText('This film has no funding campaign.').count()).toBe(1);
  });
});
