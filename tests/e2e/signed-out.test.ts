import type { Browser, ConsoleMessage } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, launchBrowser, newPage } from './browser';
import { liveCampaign } from './tap';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('a signed-out visitor', () => {
  it('a signed-out visitor sees no console error on the pages they visit', async () => {
    const live = await liveCampaign(baseUrl());
    const { page } = await newPage(browser);
    const logged: string[] = [];
    page.on('console', (m: ConsoleMessage) => {
      if (m.type() === 'error') logged.push(`${page.url()}: ${m.text()}`);
    });
    for (const path of [
      '/',
      '/browse-by-category',
      '/new-and-popular',
      '/search?q=night',
      `/movie/${live.movieId}`,
      '/auth',
    ]) {
      await page.goto(path, { waitUntil: 'networkidle' });
    }
    expect(logged).toEqual([]);
  });
});

describe('"Join Us" for a signed-out visitor', () => {
  it.each([375, 1366])(
    'at %i px opens the sign-up form, and comes back to /join-us after signing up',
    async (width) => {
      const { page, context, errors } = await newPage(browser, { viewport: { width, height: 900 } });
      await page.goto('/');
      if (width >= 768) await page.locator('.site-header a[href="/join-us"]:visible').first().click();
      else await page.goto('/join-us');
      await page.waitForURL('**/auth?**');
      const signUpPanel = page.locator('[data-panel="sign-up"]');
      await signUpPanel.waitFor({ state: 'visible' });
      expect(await page.locator('[data-panel="sign-in"]').isHidden()).toBe(true);
      await page.screenshot({ path: `test-results/join-us-sign-up-${width}.png` });
      const name = `joiner_${crypto.randomUUID().replaceAll('-', '').slice(0, 8)}`;
      await page.fill('#su-email', `${name}@example.test`);
      await page.fill('#su-username', name);
      await page.fill('#su-password', 'joining-password-1');
      await signUpPanel.locator('button[type="submit"]').click();
      await page.waitForURL(`${baseUrl()}/join-us`);
      expect(errors).toEqual([]);
      await context.close();
    },
  );
});
