import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('the product in Chromium', () => {
  it('loads the home page without script errors', async () => {
    const { page, context, errors } = await newPage(browser);
    const res = await page.goto('/');
    expect(res?.status()).toBe(200);
    await expect(page.title()).resolves.toMatch(/Reelfund/);
    expect(errors).toEqual([]);
    await context.close();
  });
});
