import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fillText, TEXT } from '../../functions/domain/texts';
import { signUp } from './api';
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

  it('a film without a campaign shows no form on the donate page; an unknown film is 404', async () => {
    const { page } = await newPage(browser);
    // The seed's The Last Lighthouse has no campaign.
    const found = (await (await fetch(`${baseUrl()}/api/search?q=lighthouse`)).json()) as { hits: { id: string }[] };
    const filmId = found.hits[0]?.id;
    if (!filmId) throw new Error('the seed has The Last Lighthouse');
    const res = await page.goto(`${baseUrl()}/movie/${filmId}/donate`);
    expect(res?.status()).toBe(200);
    expect(await page.locator('[data-fund-form]').count()).toBe(0);
    expect(await page.getByText('This film has no funding campaign.').count()).toBe(1);
    expect((await page.goto(`${baseUrl()}/movie/no-such-film/donate`))?.status()).toBe(404);
  });
});

describe('who may Fund and who may Donate', () => {
  const liveCampaign = async () => {
    const live = (await (await fetch(`${baseUrl()}/api/campaigns/live`)).json()) as { campaigns: LiveCampaign[] };
    const campaign = live.campaigns[0];
    if (!campaign) throw new Error('the campaigns seed has a live campaign');
    return campaign;
  };

  it.each([375, 1366])(
    'a signed-out visitor at %i px is told Fund needs sign-in; Donate needs no account',
    async (width) => {
      const campaign = await liveCampaign();
      const { page, context, errors } = await newPage(browser, { viewport: { width, height: 900 } });
      await page.goto(`/movie/${campaign.movieId}`);
      const fund = page.locator('[data-fund]');
      await expect(fund.textContent()).resolves.toBe(TEXT.signInToFund);
      await expect(page.locator('[data-guests-donate]').textContent()).resolves.toBe(TEXT.guestsDonate);
      // The screenshot after the gate's loading screen has gone.
      await page.waitForSelector('html:not([data-coming-soon-loading])');
      await screenshot(page, `film-fund-donate-guest-${width}`);
      await fund.click();
      // Sign-in first, then back to the fund form.
      await page.waitForURL(`**/auth?redirect=${encodeURIComponent(`/movie/${campaign.movieId}/fund`)}`);
      await page.fill('#si-email', 'viewer@reelfund.local');
      await page.fill('#si-password', 'reelfund-demo');
      await page.click('[data-panel="sign-in"] button[type="submit"]');
      await page.waitForURL(`**/movie/${campaign.movieId}/fund`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each([375, 1366])(
    'a signed-in backer at %i px sees Fund, and Donate does not ask for their email',
    async (width) => {
      const campaign = await liveCampaign();
      const { page, context, errors } = await newPage(browser, { viewport: { width, height: 900 } });
      const me = await signUp(context, 'backer');
      await page.goto(`/movie/${campaign.movieId}`);
      await expect(page.locator('[data-fund]').textContent()).resolves.toBe('Fund');
      expect(await page.locator('[data-guests-donate]').count()).toBe(0);
      await page.locator('[data-donate]').click();
      await page.waitForURL(`**/movie/${campaign.movieId}/donate`);
      await page.getByText('Platform fee').waitFor();
      expect(await page.locator('#guest-email').count()).toBe(0);
      await expect(page.locator('[data-paying-as]').textContent()).resolves.toBe(
        fillText(TEXT.payingAs, { email: `${me.username}@example.test` }),
      );
      await screenshot(page, `donate-signed-in-${width}`);
      // The checkout starts as the account (the server takes its email).
      await page.getByRole('button', { name: 'Continue to payment' }).click();
      await page.waitForURL('**/api/payments/test-checkout/**');
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
