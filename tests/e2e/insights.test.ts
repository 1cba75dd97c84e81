import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../functions/domain/money/format';
import { TEXT } from '../../functions/domain/texts';
import type { CampaignAnalytics, CampaignBreakdown } from '../../functions/services/insights';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const PASSWORD = 'reelfund-demo';

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post(`${baseUrl()}/api/auth/sign-in/email`, {
    data: { email, password: PASSWORD },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
}

async function getJson<T>(context: BrowserContext, path: string): Promise<T> {
  const res = await context.request.get(`${baseUrl()}${path}`);
  expect(res.status(), `GET ${path}`).toBe(200);
  return (await res.json()) as T;
}

/** The demo creator's campaigns (the seed gives her a completed one: Winter Orchard, and a live one). */
async function creatorCampaigns(context: BrowserContext) {
  const mine = await getJson<{ campaigns: { id: string; movieId: string; status: string; title: string }[] }>(
    context,
    '/api/campaigns/mine',
  );
  return mine.campaigns;
}

describe('the money breakdown and the analytics page', () => {
  it('the film page shows the campaign breakdown, rendered by the server (no script needed)', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(context, 'creator@reelfund.local');
    const completed = (await creatorCampaigns(context)).find((c) => c.status === 'completed');
    if (!completed) throw new Error('the seed has a completed campaign of the demo creator');
    await context.clearCookies();

    // Signed out, without running any script: the breakdown is in the HTML.
    const html = await (await fetch(`${baseUrl()}/movie/${completed.movieId}`)).text();
    expect(html).toContain(`data-breakdown="${completed.id}"`);

    const api = (await getJson<{ breakdown: CampaignBreakdown }>(context, `/api/campaigns/${completed.id}/breakdown`))
      .breakdown;
    await page.goto(`${baseUrl()}/movie/${completed.movieId}`);
    const section = page.locator(`[data-breakdown="${completed.id}"]`);
    await section.waitFor();
    expect(await section.locator('[data-figure="raised"]').textContent()).toBe(formatMoney(api.raisedCents));
    expect(await section.locator('[data-figure="fee"]').textContent()).toBe(formatMoney(api.feeCents));
    expect(await section.locator('[data-breakdown-member]').count()).toBe(api.members.length);
    expect(api.members.length).toBeGreaterThanOrEqual(2);
    expect(await section.getByRole('rowheader').first().textContent()).toBe(api.members[0]?.username);
    await screenshot(page, 'film-breakdown');
    expect(errors).toEqual([]);
  });

  it('the analytics page draws the money chart under the strict CSP, for the owner only', async () => {
    const { context, page, errors } = await newPage(browser);
    await signIn(context, 'creator@reelfund.local');
    const live = (await creatorCampaigns(context)).find((c) => c.status === 'live');
    if (!live) throw new Error('the seed has a live campaign of the demo creator');
    const api = (await getJson<{ analytics: CampaignAnalytics }>(context, `/api/campaigns/${live.id}/analytics`))
      .analytics;

    await page.goto(`${baseUrl()}/contributor/campaign-analytics/${live.id}`);
    await page.locator(`[data-analytics="${live.id}"]`).waitFor();
    const chart = page.locator('[data-money-chart]');
    await expect.poll(() => chart.getAttribute('data-drawn')).toBe('true');
    expect(await chart.locator('canvas').count()).toBe(1);
    const box = await chart.locator('canvas').boundingBox();
    expect(box?.width ?? 0).toBeGreaterThan(200);
    expect(await page.locator('[data-stat="raised"]').textContent()).toBe(formatMoney(api.raisedCents));
    expect(await page.locator('[data-stat="payments"]').textContent()).toBe(String(api.paymentsCount));
    expect(await page.locator('[data-statement]').count()).toBe(1);
    expect(await page.locator('[data-statement-csv]').getAttribute('href')).toBe(
      `/api/me/statement.csv?campaignId=${live.id}`,
    );
    await screenshot(page, 'campaign-analytics');
    // browser.ts collects CSP violations and page errors: the chart library must need neither.
    expect(errors).toEqual([]);

    // The progress screen links to it.
    await page.goto(`${baseUrl()}/contributor/campaign-progress/${live.id}`);
    await page.locator('[data-analytics-link]').waitFor();
    expect(await page.locator(`[data-breakdown="${live.id}"]`).count()).toBe(1);
    expect(errors).toEqual([]);

    // Someone else sees the not-found state, from the server.
    const other = await newPage(browser);
    await signIn(other.context, 'user@reelfund.local');
    await other.page.goto(`${baseUrl()}/contributor/campaign-analytics/${live.id}`);
    expect(await other.page.getByRole('heading', { name: TEXT.campaignNotFoundState }).count()).toBe(1);
    expect(await other.page.locator('[data-money-chart]').count()).toBe(0);
    await other.context.close();
    await context.close();
  });
});
