import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const pageWidth = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth);

describe('long words', () => {
  it('a 600-character word wraps: the search page stays as wide as the window', async () => {
    const { page } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    const word = 'a'.repeat(600);
    await page.goto(`/search?q=${word}`);
    await page.locator('main').waitFor();
    expect(await pageWidth(page)).toBeLessThanOrEqual(1366);
  });
});
