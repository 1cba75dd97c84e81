import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BACKING_TEXT, FOLLOW_TEXT, GUEST_LINK_TEXT, TOLD_TEXT } from '../../functions/domain/backing/texts';
import { apiJson, freeFilm, localDate, open, signIn, signUp, uid } from './api';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';

/** /backing as the demo viewer sees it (docs/backing.md): reached from the avatar menu and the drawer. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const ready = (page: Page) =>
  expect.poll(() => page.locator('.site-header').getAttribute('data-session')).toBe('signed-in');

/** /backing with its heading (the person's payments, whatever they are). */
async function seesPayments(page: Page) {
  await expect.poll(() => new URL(page.url()).pathname).toBe('/backing');
  await page.getByRole('heading', { level: 1, name: BACKING_TEXT.pageTitle }).waitFor();
}

async function seesBacking(page: Page) {
  await expect.poll(() => new URL(page.url()).pathname).toBe('/backing');
  await page.getByRole('heading', { level: 1, name: BACKING_TEXT.pageTitle }).waitFor();
  const bloom = page.locator('[data-backed-campaign]', { hasText: 'Released to the team at milestone 1' });
  expect(await bloom.count()).toBeGreaterThan(0);
}

describe('my backing in the browser', () => {
  it('at 1366 px the avatar menu leads to /backing, and a receipt opens from it', async () => {
    const { page, context, errors } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signIn(context, 'viewer@reelfund.local');
    await page.goto('/terms');
    await ready(page);
    await page.locator('[data-menu-button]').click();
    await page.getByRole('menuitem', { name: 'My backing' }).click();
    await seesBacking(page);
    await screenshot(page, 'backing-1366');
    await page.locator('[data-receipt-link]').first().click();
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/backing\/receipts\/cs_/);
    await page.getByRole('heading', { level: 1, name: BACKING_TEXT.receiptTitle }).waitFor();
    expect(await page.locator('[data-receipt-test]').textContent()).toBe(BACKING_TEXT.receiptTestLabel);
    await screenshot(page, 'receipt-1366');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('at 375 px the drawer leads to /backing', async () => {
    const { page, context, errors } = await newPage(browser, {
      viewport: { width: 375, height: 740 },
      hasTouch: true,
      isMobile: true,
    });
    await signIn(context, 'viewer@reelfund.local');
    await page.goto('/terms');
    await ready(page);
    await page.locator('[data-drawer-open]').tap();
    const drawer = page.locator('#site-drawer');
    await drawer.waitFor({ state: 'visible' });
    await drawer.getByRole('link', { name: 'My backing' }).tap();
    await seesBacking(page);
    await screenshot(page, 'backing-375');
    await page.locator('[data-receipt-link]').first().tap();
    await page.getByRole('heading', { level: 1, name: BACKING_TEXT.receiptTitle }).waitFor();
    await screenshot(page, 'receipt-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it.each([375, 1366])(
    'at %i px a payment disputed on the TEST checkout page shows disputed on /backing',
    async (width) => {
      const { page, context, errors } = await newPage(browser, { viewport: { width, height: 900 } });
      await signUp(context, 'disputer');
      const live = await apiJson<{ campaigns: { campaignId: string; goalCents: number; raisedCents: number }[] }>(
        context,
        'GET',
        '/api/campaigns/live',
      );
      const campaign = live.campaigns.find((c) => c.goalCents - c.raisedCents > 100_000);
      if (!campaign) throw new Error('the seed has a live campaign far from its goal');
      const { url, sessionId } = await apiJson<{ url: string; sessionId: string }>(
        context,
        'POST',
        `/api/campaigns/${campaign.campaignId}/checkout`,
        { amountCents: 1900, source: 'funding', attemptId: crypto.randomUUID() },
      );
      // The TEST checkout page: pay, come back to it, and raise a dispute as a test card's bank would.
      await page.goto(url);
      await page.locator('[data-pay]').click();
      await page.goto(url);
      await page.locator('[data-dispute]').click();
      await page.locator('[data-dispute-status="open"]').waitFor();
      await screenshot(page, `test-checkout-disputed-${width}`);
      const row = page.locator(`[data-payment="${sessionId}"]`);
      // The webhook records the dispute after the TEST page's answer: /backing says so once it has.
      await expect
        .poll(
          async () => {
            await page.goto('/backing');
            return (await row.count()) ? row.getAttribute('data-standing') : null;
          },
          { timeout: 15_000 },
        )
        .toBe('disputed');
      expect(await row.locator('[data-status]').textContent()).toMatch(/^Disputed on /);
      await ready(page);
      await screenshot(page, `backing-disputed-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );

  it.each([375, 1366])('at %i px a signed-out guest asks for a link on /backing and is answered', async (width) => {
    const { page, context, errors } = await newPage(browser, { viewport: { width, height: 800 } });
    await page.goto('/backing');
    await page.getByLabel(GUEST_LINK_TEXT.emailLabel).fill(`nobody_${crypto.randomUUID().slice(0, 8)}@example.test`);
    const send = page.getByRole('button', { name: GUEST_LINK_TEXT.requestButton });
    await expect.poll(() => send.isEnabled()).toBe(true);
    await send.click();
    await expect.poll(() => page.locator('[data-guest-link-status]').textContent()).toBe(GUEST_LINK_TEXT.requested);
    await screenshot(page, `backing-guest-${width}`);
    await page.goto(`/backing/1.${'a'.repeat(30)}.1.sig`);
    await page.getByText(GUEST_LINK_TEXT.invalid).waitFor();
    await screenshot(page, `backing-link-invalid-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a backer sees in the bell that a campaign they funded reached its milestone, and it opens /backing', async () => {
    const owner = await newPage(browser);
    const admin = await newPage(browser);
    await signIn(owner.context, 'creator2@reelfund.local');
    await signIn(admin.context, 'admin@reelfund.local');
    const film = await freeFilm(owner.context);
    const created = await apiJson<{ campaign: { campaign: { id: string } } }>(owner.context, 'POST', '/api/campaigns', {
      movieId: film.id,
      title: `Told ${uid()}`,
      goalAmount: 100_000,
      endDate: localDate(30),
    });
    const id = created.campaign.campaign.id;
    await apiJson(owner.context, 'POST', `/api/campaigns/${id}/submit`, {});
    await apiJson(admin.context, 'POST', `/api/campaigns/${id}/approve`, {});
    await apiJson(owner.context, 'POST', `/api/campaigns/${id}/launch`, {});

    // A new backer funds the whole goal on the TEST checkout page: the campaign reaches milestone 1.
    const { page, context, errors } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signUp(context, 'backer');
    const checkout = await apiJson<{ url: string }>(context, 'POST', `/api/campaigns/${id}/checkout`, {
      amountCents: 100_000,
      source: 'funding',
      attemptId: crypto.randomUUID(),
    });
    const pay = await context.request.post(`${baseUrl()}${new URL(checkout.url).pathname}/pay`, {
      headers: { origin: baseUrl() },
      form: {},
      maxRedirects: 0,
    });
    expect(pay.status()).toBe(303);

    await open(page, '/');
    await ready(page);
    await expect.poll(() => page.locator('[data-bell-badge]').textContent()).toBe('1');
    await page.click('[data-bell-button]');
    await page.waitForSelector('[data-bell-popover]:not([hidden])');
    const item = page.locator('[data-bell-item="notification"]', { hasText: TOLD_TEXT.milestoneTitle });
    await expect.poll(() => item.count()).toBe(1);
    expect(await item.locator('[data-bell-preview]').textContent()).toContain('reached milestone 1 ($1,000.00)');
    await screenshot(page, 'told-bell-1366');
    await item.click();
    await seesPayments(page);
    expect(errors).toEqual([]);
    for (const p of [owner, admin]) await p.context.close();
    await context.close();
  });

  it.each([375, 1366])("at %i px a guest's page links each receipt, which opens through the link", async (width) => {
    const { page, context, errors } = await newPage(browser, { viewport: { width, height: 800 } });
    const email = `guest_${uid()}@example.test`;
    const live = await apiJson<{ campaigns: { campaignId: string; goalCents: number; raisedCents: number }[] }>(
      context,
      'GET',
      '/api/campaigns/live',
    );
    const campaign = live.campaigns.find((c) => c.goalCents - c.raisedCents > 100_000);
    const checkout = await apiJson<{ url: string; sessionId: string }>(
      context,
      'POST',
      `/api/campaigns/${campaign?.campaignId}/checkout`,
      { amountCents: 1_900, source: 'donation', guestEmail: email, attemptId: crypto.randomUUID() },
    );
    const pay = await context.request.post(`${baseUrl()}${new URL(checkout.url).pathname}/pay`, {
      headers: { origin: baseUrl() },
      form: {},
      maxRedirects: 0,
    });
    expect(pay.status()).toBe(303);
    let link = '';
    await expect
      .poll(async () => {
        const res = await context.request.get(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(email)}`);
        const { mails } = (await res.json()) as { mails: { text: string }[] };
        link = mails.map((m) => m.text.match(/\/backing\/\S+/)?.[0]).find(Boolean) ?? '';
        return link;
      })
      .not.toBe('');
    await open(page, link);
    await page.getByRole('heading', { level: 1, name: GUEST_LINK_TEXT.guestTitle }).waitFor();
    await screenshot(page, `backing-guest-page-${width}`);
    await page.locator(`[data-payment="${checkout.sessionId}"] [data-receipt-link]`).click();
    await expect.poll(() => new URL(page.url()).pathname).toBe(`${link}/receipts/${checkout.sessionId}`);
    await page.getByRole('heading', { level: 1, name: BACKING_TEXT.receiptTitle }).waitFor();
    expect(await page.locator('[data-amount]').textContent()).toBe('$19.00 USD');
    await screenshot(page, `backing-guest-receipt-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe('following a campaign in the browser (docs/backing.md, "Following")', () => {
  it.each([375, 1366])('at %i px: follow on the film page, see it on /backing, unfollow there', async (width) => {
    const { page, context, errors } = await newPage(browser, { viewport: { width, height: 900 } });
    await signUp(context, 'follower');
    const live = await apiJson<{ campaigns: { campaignId: string; movieId: string }[] }>(
      context,
      'GET',
      '/api/campaigns/live',
    );
    const campaign = live.campaigns[0];
    if (!campaign) throw new Error('the seed has a live campaign');
    await page.goto(`/movie/${campaign.movieId}`);
    await ready(page);
    const control = page.locator(`[data-public-campaign] [data-follow="${campaign.campaignId}"]`);
    expect(await control.textContent()).toBe(FOLLOW_TEXT.follow);
    await control.click();
    await expect.poll(() => control.getAttribute('data-following')).toBe('true');
    expect(await control.textContent()).toBe(FOLLOW_TEXT.following);
    await screenshot(page, `film-following-${width}`);
    // The server says so too: a new page draws it followed.
    await page.reload();
    await expect.poll(() => control.textContent()).toBe(FOLLOW_TEXT.following);

    await page.goto('/backing');
    await ready(page);
    const row = page.locator(`[data-followed-campaign="${campaign.campaignId}"]`);
    await row.waitFor();
    const unfollow = row.getByRole('button', { name: new RegExp(`^${FOLLOW_TEXT.unfollow}: `) });
    await screenshot(page, `backing-following-${width}`);
    await unfollow.click();
    await expect.poll(() => row.locator('[data-follow]').getAttribute('data-following')).toBe('false');
    expect(await row.locator('[data-follow]').textContent()).toBe(FOLLOW_TEXT.follow);
    await page.reload();
    await page.locator('[data-followed-none]').waitFor();
    expect(await row.count()).toBe(0);
    await screenshot(page, `backing-unfollowed-${width}`);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('a guest is sent to sign in from the film page and brought back', async () => {
    const { page, context, errors } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const live = await apiJson<{ campaigns: { movieId: string }[] }>(context, 'GET', '/api/campaigns/live');
    const movieId = live.campaigns[0]?.movieId ?? '';
    await page.goto(`/movie/${movieId}`);
    await page.locator('[data-public-campaign] [data-follow-sign-in]').click();
    await expect.poll(() => new URL(page.url()).pathname).toBe('/auth');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe(`/movie/${movieId}`);
    expect(errors).toEqual([]);
    await context.close();
  });
});
