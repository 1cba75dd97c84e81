import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { daysLeft, daysLeftText } from '../../functions/domain/campaigns/format';
import { formatMoney } from '../../functions/domain/money/format';
import { apiJson, signIn, uid } from './api';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';
import { tap } from './tap';

/**
 * The film page as a campaign page, live: a guest pays in TEST mode while another browser shows the
 * film page, whose figures change through the campaign's WebSocket (no poll); without sockets the
 * page polls; the team's notice of new backers is updated in place on /notifications.
 */
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
}

interface Funding {
  raisedCents: number;
  backers: number;
}

const funding = async (campaignId: string) =>
  ((await (await fetch(`${baseUrl()}/api/campaigns/${campaignId}/funding`)).json()) as { funding: Funding }).funding;

/** Static Bloom (Pixel Garden): milo_maker's live campaign with cora_creator as its editor. */
async function staticBloom(): Promise<LiveCampaign> {
  const live = (await (await fetch(`${baseUrl()}/api/campaigns/live`)).json()) as { campaigns: LiveCampaign[] };
  const campaign = live.campaigns.find((c) => c.filmTitle === 'Pixel Garden');
  if (!campaign) throw new Error('the seed has Static Bloom live on Pixel Garden');
  return campaign;
}

/** A guest pays on the TEST checkout page (its form posted as the browser would), and the signed webhook follows. */
async function guestPays(campaignId: string, amountCents: number, email = `fan-${uid()}@example.test`) {
  const payer = await browser.newContext({ baseURL: baseUrl() });
  const checkout = await apiJson<{ url: string }>(payer, 'POST', `/api/campaigns/${campaignId}/checkout`, {
    amountCents,
    guestEmail: email,
  });
  const pay = await payer.request.post(`${baseUrl()}${new URL(checkout.url).pathname}/pay`, {
    headers: { origin: baseUrl() },
    form: {},
    maxRedirects: 0,
  });
  expect(pay.status()).toBe(303);
  await payer.close();
}

describe("the film page's campaign figures", () => {
  it('change through a WebSocket frame when a guest pays, with no poll request', async () => {
    const campaign = await staticBloom();
    const { page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    const frames: { raised: number; backers: number; escrow: number }[] = [];
    let polls = 0;
    page.on('websocket', (ws) => {
      if (!ws.url().includes(`/api/realtime/campaigns/${campaign.campaignId}`)) return;
      ws.on('framereceived', (f) => {
        if (typeof f.payload === 'string' && f.payload.startsWith('{')) frames.push(JSON.parse(f.payload));
      });
    });
    page.on('request', (r) => {
      if (r.url().includes(`/api/campaigns/${campaign.campaignId}/funding`)) polls++;
    });
    await page.goto(`/movie/${campaign.movieId}`);
    // On connect the channel sends the current figures.
    await expect.poll(() => frames.length, { timeout: 15_000 }).toBeGreaterThan(0);
    const before = frames.at(-1)?.raised ?? 0;

    await guestPays(campaign.campaignId, 2_500);
    await expect.poll(() => (frames.at(-1)?.raised ?? 0) >= before + 2_500, { timeout: 15_000 }).toBe(true);
    const latest = frames.at(-1);
    await expect.poll(() => page.locator('[data-live-raised]').textContent()).toBe(formatMoney(latest?.raised ?? 0));
    await expect
      .poll(() => page.locator('[data-live-backers]').getAttribute('data-count'))
      .toBe(String(latest?.backers));
    expect(await page.locator('[data-live-progress]').getAttribute('value')).toBe(
      String(Math.min(latest?.raised ?? 0, Number(await page.locator('[data-live-progress]').getAttribute('max')))),
    );
    // The money breakdown below follows: raised and held in escrow.
    await expect
      .poll(() => page.locator('[data-breakdown] [data-figure="raised"]').textContent())
      .toBe(formatMoney(latest?.raised ?? 0));
    expect(polls).toBe(0);
    await screenshot(page, 'film-campaign-live-390');
  });

  it('without sockets, reads the figures at once and then every 30 s', async () => {
    const campaign = await staticBloom();
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await context.addInitScript(() => {
      Object.defineProperty(window, 'WebSocket', { value: undefined, configurable: true });
    });
    let polls = 0;
    page.on('request', (r) => {
      if (r.url().includes(`/api/campaigns/${campaign.campaignId}/funding`)) polls++;
    });
    await page.clock.install();
    await page.goto(`/movie/${campaign.movieId}`);
    await expect.poll(() => polls).toBe(1);

    await guestPays(campaign.campaignId, 1_500);
    const after = await funding(campaign.campaignId);
    await page.clock.runFor(30_000);
    await expect.poll(() => polls).toBe(2);
    await expect
      .poll(async () => {
        const shown = await page.locator('[data-live-raised]').textContent();
        return (
          shown === formatMoney(after.raisedCents) ||
          shown === formatMoney((await funding(campaign.campaignId)).raisedCents)
        );
      })
      .toBe(true);
  });

  it("counts the days left from the viewer's own today, as the campaign screens do", async () => {
    const campaign = await staticBloom();
    const { endDate } = (
      (await (await fetch(`${baseUrl()}/api/campaigns/${campaign.campaignId}/funding`)).json()) as {
        funding: { endDate: string };
      }
    ).funding;
    // Fourteen hours ahead of UTC and eleven behind: their todays are always at least a day apart.
    const shown: string[] = [];
    for (const timezoneId of ['Pacific/Kiritimati', 'Pacific/Pago_Pago']) {
      const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 }, timezoneId });
      await page.goto(`/movie/${campaign.movieId}`);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: timezoneId }).format(new Date());
      const expected = daysLeftText(daysLeft(endDate, today));
      await expect.poll(() => page.locator('[data-public-campaign] [data-days-left]').textContent()).toBe(expected);
      shown.push(expected);
      await context.close();
    }
    expect(shown[0]).not.toBe(shown[1]);
  });
});

describe("a creator's profile", () => {
  it('lists the campaigns they run and those they are on, with raised of goal', async () => {
    const campaign = await staticBloom();
    const { context, page } = await newPage(browser, { viewport: { width: 390, height: 844 } });
    await signIn(context, 'viewer@reelfund.local');
    await page.goto(`/movie/${campaign.movieId}`);
    const owner = await page.locator('[data-originator]').getAttribute('href');
    await page.goto(owner ?? '/');
    const card = page.locator(`[data-creator-campaign="${campaign.campaignId}"]`);
    await expect.poll(() => card.getAttribute('data-state')).toBe('funding');
    expect(await card.textContent()).toContain('Static Bloom');
    expect(await card.locator('[data-raised]').textContent()).toMatch(/^\$[\d,]+\.\d\d raised of \$12,000\.00$/);
    // Its editor, cora_creator, lists it too.
    await page.goto(`/movie/${campaign.movieId}`);
    await page.locator('[data-team] a', { hasText: 'cora_creator' }).click();
    await page.waitForURL(/\/creator\//);
    expect(await page.locator(`[data-creator-campaign="${campaign.campaignId}"]`).textContent()).toContain('Editor');
    await screenshot(page, 'creator-campaigns-390');
  });
});

describe('the team hears of payments', () => {
  it('one unread notice per campaign on /notifications, updated in place as backers pay; it opens the donate page', async () => {
    const campaign = await staticBloom();
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signIn(context, 'creator2@reelfund.local');
    await apiJson(context, 'POST', '/api/notifications/read-all', {});
    await page.goto('/notifications');
    await page.locator('[data-list]').waitFor({ state: 'attached' });
    await page.waitForLoadState('networkidle');

    const unread = page.locator('[data-notification][data-unread]', { hasText: 'Static Bloom' });
    await guestPays(campaign.campaignId, 1_000, `first-${uid()}@example.test`);
    await expect.poll(() => unread.count(), { timeout: 15_000 }).toBe(1);
    const id = await unread.first().getAttribute('data-notification');
    await expect.poll(() => unread.first().locator('.nf-body').textContent()).toMatch(/^\d+ new backers? · \$/);
    const first = await unread.first().locator('.nf-body').textContent();

    await guestPays(campaign.campaignId, 2_000, `second-${uid()}@example.test`);
    await expect.poll(() => unread.first().locator('.nf-body').textContent(), { timeout: 15_000 }).not.toBe(first);
    expect(await unread.count()).toBe(1);
    expect(await unread.first().getAttribute('data-notification')).toBe(id);
    expect(await unread.first().locator('.nf-body').textContent()).toMatch(/^\d+ new backers · \$/);
    await screenshot(page, 'backers-notice');

    await tap(page, `[data-notification="${id}"] .nf-title`);
    await page.waitForURL(`**/movie/${campaign.movieId}/donate`);
  });
});
