import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CAMPAIGN_SORTS } from '../../functions/domain/campaigns/browse';
import { apiJson, freeFilm, localDate, signIn, uid } from './api';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';

/**
 * /campaigns, home's "Funding now" row and the Campaigns link (issue 49 items 1 and 2;
 * docs/campaigns.md). Which campaigns each sort and filter lists, and in what order, is
 * tests/workers/campaign-browse.test.ts's; here the page shows that list as cards, its links and form
 * change it, and a focus repaints every card's figures from one request.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const WIDTHS = [
  { width: 1366, height: 900 },
  { width: 375, height: 740 },
] as const;

const cardIds = (page: Page) =>
  page.locator('[data-campaign-card]').evaluateAll((cards) => cards.map((c) => c.getAttribute('data-campaign-card')));

/** The same list as the API gives it (the page and the route read one verb and one cache entry). */
async function apiIds(query: string) {
  const res = await fetch(`${baseUrl()}/api/campaigns/browse?${query}`);
  const list = (await res.json()) as { campaigns: { campaignId: string }[] };
  return list.campaigns.map((c) => c.campaignId);
}

/** "Last day" → 0, "9 days" → 9: the days left a card shows. */
const daysOf = (text: string | null) => (text === 'Last day' ? 0 : Number.parseInt(text ?? '', 10));

/** A campaign of the second demo creator with nothing raised yet, approved; launched unless `launch` is false. */
async function newCampaign(owner: BrowserContext, admin: BrowserContext, { launch = true } = {}) {
  await signIn(owner, 'creator2@reelfund.local');
  await signIn(admin, 'admin@reelfund.local');
  const film = await freeFilm(owner);
  const created = await apiJson<{ campaign: { campaign: { id: string } } }>(owner, 'POST', '/api/campaigns', {
    movieId: film.id,
    title: `Listed ${uid()}`,
    goalAmount: 100_000,
    endDate: localDate(20),
  });
  const id = created.campaign.campaign.id;
  await apiJson(owner, 'POST', `/api/campaigns/${id}/submit`, {});
  await apiJson(admin, 'POST', `/api/campaigns/${id}/approve`, {});
  if (launch) await apiJson(owner, 'POST', `/api/campaigns/${id}/launch`, {});
  return id;
}

/** A live campaign of the second demo creator with nothing raised yet (its own, so a payment moves only it). */
const newLiveCampaign = (owner: BrowserContext, admin: BrowserContext) => newCampaign(owner, admin);

/** A guest pays on the TEST checkout page (its form posted as the browser would); the signed webhook follows. */
async function guestPays(campaignId: string, amountCents: number) {
  const payer = await browser.newContext({ baseURL: baseUrl() });
  const checkout = await apiJson<{ url: string }>(payer, 'POST', `/api/campaigns/${campaignId}/checkout`, {
    amountCents,
    guestEmail: `lister-${uid()}@example.test`,
  });
  const pay = await payer.request.post(`${baseUrl()}${new URL(checkout.url).pathname}/pay`, {
    headers: { origin: baseUrl() },
    form: {},
    maxRedirects: 0,
  });
  expect(pay.status()).toBe(303);
  await payer.close();
}

describe('/campaigns', () => {
  it.each(WIDTHS)(
    'shows the list as cards, sorts by its links and filters by its form ($width px)',
    async (viewport) => {
      const { page, context, errors } = await newPage(browser, { viewport });
      await page.goto('/campaigns');
      await expect.poll(() => page.locator('h1').textContent()).toBe('Campaigns');
      const ids = await cardIds(page);
      expect(ids.length).toBeGreaterThan(0);
      expect(ids).toEqual(await apiIds(''));
      // Ending soon by default: the days left never go down along the list.
      const days = (await page.locator('[data-figure="days"]').allTextContents()).map(daysOf);
      expect(days).toEqual([...days].sort((a, b) => a - b));
      const first = page.locator('[data-campaign-card]').first();
      expect(await first.locator('.raised').textContent()).toMatch(/^\$[\d,.]+ of \$[\d,.]+$/);
      expect(await first.locator('[data-figure="backers"]').textContent()).toMatch(/^\d+ backers?$/);
      expect(await first.locator('[data-figure="state"]').textContent()).toBeTruthy();
      expect(await first.locator('progress').getAttribute('aria-label')).toMatch(/raised [\d.]+% of the goal$/);
      expect(await page.locator('[data-sort="ending-soon"]').getAttribute('aria-current')).toBe('page');
      await screenshot(page, `campaigns-${viewport.width}`);

      // Each sort is a link; the page lists what the API lists for it.
      for (const sort of CAMPAIGN_SORTS.filter((s) => s !== 'ending-soon' && s !== 'newest')) {
        await page.click(`[data-sort="${sort}"]`);
        await expect.poll(() => new URL(page.url()).searchParams.get('sort')).toBe(sort);
        expect(await page.locator(`[data-sort="${sort}"]`).getAttribute('aria-current')).toBe('page');
        expect(await cardIds(page)).toEqual(await apiIds(`sort=${sort}`));
      }
      // "Needs it most" puts its figure on each card.
      const needs = await page.locator('[data-figure="need"]').allTextContents();
      expect(needs.length).toBe(ids.length);
      for (const need of needs)
        expect(need).toMatch(/^\$[\d,]+ (a day for \d+ days|today) reaches the (goal|next milestone)$/);
      await screenshot(page, `campaigns-needs-most-${viewport.width}`);

      // The form filters, keeping the sort: ended campaigns only.
      await page.selectOption('#campaign-state', 'ended');
      await page.click('[data-campaign-filters] button[type="submit"]');
      await expect.poll(() => new URL(page.url()).searchParams.get('state')).toBe('ended');
      expect(new URL(page.url()).searchParams.get('sort')).toBe('needs-most');
      const states = await page
        .locator('[data-campaign-card]')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-state')));
      expect(states.length).toBeGreaterThan(0);
      expect(new Set(states)).toEqual(new Set(['ended']));
      expect(await page.locator('[data-figure="days"]').allTextContents()).toEqual(states.map(() => 'Ended'));
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it('shows a campaign at once after its launch, and paused at once after its pause', async () => {
    const owner = await browser.newContext({ baseURL: baseUrl() });
    const admin = await browser.newContext({ baseURL: baseUrl() });
    const id = await newCampaign(owner, admin, { launch: false });
    // The card's state as the page's HTML draws it (the list cached for a minute, docs/campaigns.md).
    const cardState = async () => {
      const html = await (await fetch(`${baseUrl()}/campaigns?sort=newest`)).text();
      return html.match(new RegExp(`data-campaign-card="${id}" data-state="([a-z_]+)"`))?.[1] ?? null;
    };
    expect(await cardState()).toBeNull();
    expect(await apiIds('sort=newest')).not.toContain(id);
    await apiJson(owner, 'POST', `/api/campaigns/${id}/launch`, {});
    expect(await cardState()).toBe('funding');
    expect(await apiIds('sort=newest')).toContain(id);
    await apiJson(owner, 'POST', `/api/campaigns/${id}/pause`, {});
    expect(await cardState()).toBe('paused');
    await Promise.all([owner.close(), admin.close()]);
  });

  it("repaints every card's figures from one request when the page gets focus again", async () => {
    const owner = await browser.newContext({ baseURL: baseUrl() });
    const admin = await browser.newContext({ baseURL: baseUrl() });
    const id = await newLiveCampaign(owner, admin);
    const { page, context, errors } = await newPage(browser, { viewport: WIDTHS[0] });
    // Newest first: the campaign just launched is on the first page.
    await page.goto('/campaigns?sort=newest');
    const card = page.locator(`[data-campaign-card="${id}"]`);
    expect(await card.locator('[data-figure="raised"]').textContent()).toBe('$0.00');
    expect(await card.locator('[data-figure="backers"]').textContent()).toBe('0 backers');

    await guestPays(id, 2_500);
    await expect
      .poll(async () => {
        const res = await fetch(`${baseUrl()}/api/campaigns/${id}/funding`);
        return ((await res.json()) as { funding: { raisedCents: number } }).funding.raisedCents;
      })
      .toBe(2_500);

    const asked: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/campaigns/figures') asked.push(r.url());
    });
    // Coming back to the tab: both events, as a browser sends them.
    await page.evaluate(() => {
      document.dispatchEvent(new Event('visibilitychange'));
      window.dispatchEvent(new Event('focus'));
    });
    await expect.poll(() => card.locator('[data-figure="raised"]').textContent()).toBe('$25.00');
    expect(await card.locator('[data-figure="backers"]').textContent()).toBe('1 backer');
    expect(await card.locator('progress').getAttribute('value')).toBe('2500');
    expect(asked).toHaveLength(1);
    const askedIds = new URL(asked[0] ?? '').searchParams.get('ids')?.split(',');
    expect(askedIds).toEqual(await cardIds(page));
    expect(errors).toEqual([]);
    await Promise.all([context.close(), owner.close(), admin.close()]);
  });
});

describe('home and the header', () => {
  it.each(WIDTHS)(
    'home has a Funding now row, ending soon first; the header or drawer links to /campaigns ($width px)',
    async (viewport) => {
      const phone = viewport.width < 600;
      const { page, context, errors } = await newPage(browser, { viewport, hasTouch: phone, isMobile: phone });
      await page.goto('/');
      const row = page.locator('[data-row="funding-now"]');
      expect(await row.locator('h2').textContent()).toBe('Funding now');
      const cards = row.locator('[data-campaign-card]');
      expect(await cards.count()).toBeGreaterThan(0);
      const days = (await row.locator('[data-figure="days"]').allTextContents()).map(daysOf);
      expect(days).toEqual([...days].sort((a, b) => a - b));
      expect(new Set(await cards.evaluateAll((cs) => cs.map((c) => c.getAttribute('data-state'))))).not.toContain(
        'ended',
      );
      // The gate's loading screen is gone before the picture is taken.
      await expect
        .poll(() => page.evaluate(() => document.documentElement.hasAttribute('data-coming-soon-loading')))
        .toBe(false);
      await row.scrollIntoViewIfNeeded();
      mkdirSync('test-results', { recursive: true });
      await page.screenshot({ path: `test-results/home-funding-now-${viewport.width}.png` });

      if (phone) {
        await page.click('[data-drawer-open]');
        const link = page.locator('#site-drawer a[href="/campaigns"]');
        await link.waitFor({ state: 'visible' });
        await page.screenshot({ path: `test-results/drawer-campaigns-${viewport.width}.png` });
        await link.click();
      } else {
        await page.click('.site-header .nav a[href="/campaigns"]');
      }
      await expect.poll(() => new URL(page.url()).pathname).toBe('/campaigns');
      expect(await page.locator('.site-header a[href="/campaigns"][aria-current="page"]').count()).toBeGreaterThan(0);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
