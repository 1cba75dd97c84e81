import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, signIn, uid } from './api';
import { baseUrl, launchBrowser, newPage } from './browser';
import { liveCampaign } from './tap';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('tables on a phone', () => {
  it('on a 390 px phone every table fits or scrolls: the page never widens and each table can be read', async () => {
    const live = await liveCampaign(baseUrl());
    const { context, page } = await newPage(browser, {
      viewport: { width: 390, height: 844 },
      isMobile: true,
      hasTouch: true,
    });
    await signIn(context, 'creator@reelfund.local');
    const mine = await apiJson<{ campaigns: { id: string; status: string }[] }>(context, 'GET', '/api/campaigns/mine');
    const paths = [
      `/movie/${live.movieId}`,
      '/coins-faq',
      '/contributor/payouts',
      ...mine.campaigns.flatMap((c) => [
        `/contributor/campaign-progress/${c.id}`,
        `/contributor/campaign-analytics/${c.id}`,
      ]),
    ];
    const cut: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      if ((await pageWidth(page)) > 390) cut.push(`${path}: the page is ${await pageWidth(page)} px wide`);
      // A table wider than the screen must sit in a box that scrolls sideways.
      const unreadable = await page.evaluate(() =>
        [...document.querySelectorAll('main table')].flatMap((t, i) => {
          if (t.getBoundingClientRect().right <= window.innerWidth + 1) return [];
          for (let e = t.parentElement; e && e !== document.body; e = e.parentElement) {
            const x = getComputedStyle(e).overflowX;
            if ((x === 'auto' || x === 'scroll') && e.getBoundingClientRect().right <= window.innerWidth + 1) return [];
          }
          return [`table ${i} (${t.className || t.getAttribute('data-diff') || 'no class'})`];
        }),
      );
      cut.push(...unreadable.map((u) => `${path}: ${u} is cut off`));
    }
    expect(cut).toEqual([]);
  });
});

describe('phones: what scrolls sideways shows it', () => {
  const phone = { viewport: { width: 375, height: 740 }, isMobile: true, hasTouch: true };

  it("the film page's money table shows a shadow on the side where more of it lies", async () => {
    const live = await liveCampaign(baseUrl());
    const { context, page } = await newPage(browser, phone);
    await signIn(context, 'creator@reelfund.local');
    await page.goto(`/movie/${live.movieId}`);
    const box = page.locator('[data-breakdown] .table-scroll');
    await box.scrollIntoViewIfNeeded();
    const state = () =>
      box.evaluate((el) => ({
        scrolls: el.scrollWidth > el.clientWidth,
        more: el.getAttribute('data-more'),
        shadow: getComputedStyle(el).boxShadow !== 'none',
      }));
    await expect.poll(state).toEqual({ scrolls: true, more: 'right', shadow: true });
    await page.screenshot({ path: 'test-results/film-money-table-375.png' });
    await box.evaluate((el) => el.scrollBy({ left: el.scrollWidth }));
    await expect.poll(state).toEqual({ scrolls: true, more: 'left', shadow: true });
    await context.close();
  });

  it('the admin tab strip opens with its current tab in view', async () => {
    const { context, page } = await newPage(browser, phone);
    await signIn(context, 'admin@reelfund.local');
    for (const tab of ['settings', 'creator-coins']) {
      await page.goto(`/admin?tab=${tab}`);
      const strip = page.locator('nav.tabs');
      expect(await strip.evaluate((el) => el.scrollWidth > el.clientWidth), 'the strip scrolls at 375 px').toBe(true);
      const inView = await strip.evaluate((el) => {
        const s = el.getBoundingClientRect();
        const c = (el.querySelector('[aria-current="page"]') as HTMLElement).getBoundingClientRect();
        return c.left >= s.left - 0.5 && c.right <= s.right + 0.5;
      });
      expect(inView, `${tab} is whole in the strip`).toBe(true);
    }
    await page.screenshot({ path: 'test-results/admin-tabs-375.png' });
    await context.close();
  });
});

describe('admin screens on a phone', () => {
  it('every admin screen fits 375 px and 320 px: no page-wide scroll, long words wrap, buttons are 44 px targets', async () => {
    const live = await liveCampaign(baseUrl());
    // Realistic data: a person whose email is one long word (the People tab and the audit log show it).
    const name = `margaret_${uid()}`;
    const email = `${name}.production-accounts-department@independent-documentary-collective.example`;
    const guest = await browser.newContext({ baseURL: baseUrl() });
    const made = await guest.request.post(`${baseUrl()}/api/auth/sign-up/email`, {
      data: { email, password: 'guest-password-1', name },
      headers: { origin: baseUrl() },
    });
    expect(made.status()).toBe(200);
    await guest.close();

    const paths = [
      ...[
        'dashboard',
        'applications',
        'videos',
        'creator-coins',
        'settings',
        'users',
        'audit',
        'campaigns',
        'money',
        'reports',
      ].map((tab) => `/admin?tab=${tab}`),
      '/admin/payouts',
      '/admin/payout-refresh',
      '/admin/content-editor',
      '/admin/ai-video-scraper',
      '/admin/add-movie',
      `/admin/edit/${live.movieId}`,
      `/admin/edit/${live.movieId}/contributors`,
      `/admin/edit/${live.movieId}/campaign`,
      '/admin/coming-soon-preview',
    ];
    const cut: string[] = [];
    for (const width of [375, 320]) {
      const { context, page } = await newPage(browser, {
        viewport: { width, height: 740 },
        isMobile: true,
        hasTouch: true,
      });
      await signIn(context, 'admin@reelfund.local');
      for (const path of paths) {
        await page.goto(path);
        await page.waitForLoadState('load');
        const found = await page.evaluate(() => {
          const wide = document.documentElement.scrollWidth > window.innerWidth;
          // Buttons a person taps (hidden ones and the header's own controls aside).
          const small = [...document.querySelectorAll<HTMLElement>('main :is(button, .btn)')].flatMap((b) => {
            const r = b.getBoundingClientRect();
            return r.width > 0 && r.height > 0 && r.height < 44
              ? [`"${b.textContent?.trim()}" is ${r.height.toFixed(1)} px tall`]
              : [];
          });
          // A table wider than the screen scrolls inside its own labelled region that fits.
          const tables = [...document.querySelectorAll('main table')].flatMap((t, i) => {
            if (t.getBoundingClientRect().right <= window.innerWidth + 1) return [];
            const box = t.closest<HTMLElement>('.table-scroll');
            const fits = box && box.getBoundingClientRect().right <= window.innerWidth + 1;
            // A labelled <section> is a region to assistive technology.
            const region = box?.tagName === 'SECTION' || box?.getAttribute('role') === 'region';
            const labelled = region && Boolean(box?.getAttribute('aria-label'));
            return fits && labelled ? [] : [`table ${i} is cut off or its scrolling box has no label`];
          });
          return { wide: wide ? document.documentElement.scrollWidth : 0, small: [...small, ...tables] };
        });
        if (found.wide) cut.push(`${path} at ${width} px: the page is ${found.wide} px wide`);
        cut.push(...found.small.map((s) => `${path} at ${width} px: ${s}`));
      }
      await context.close();
    }
    expect(cut).toEqual([]);
  });
});
