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
