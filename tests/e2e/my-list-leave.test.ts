import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, signUp } from './api';
import { baseUrl, launchBrowser, newPage } from './browser';
import { liveCampaign, tap } from './tap';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('My List', () => {
  it('a My List change made by a tap survives leaving the page at once', async () => {
    const live = await liveCampaign(baseUrl());
    const { context, page } = await newPage(browser);
    await signUp(context, 'lister');
    const listed = async () =>
      (await apiJson<{ items: { id: string }[] }>(context, 'GET', '/api/my-list')).items.map((i) => i.id);
    const toggle = `[data-list-toggle="${live.movieId}"]`;

    await page.goto(`/movie/${live.movieId}`);
    await expect.poll(() => page.locator(toggle).getAttribute('aria-pressed')).toBe('false');
    await tap(page, toggle);
    await page.goto('/faq');
    await expect.poll(listed).toContain(live.movieId);

    await page.goto(`/movie/${live.movieId}`);
    await expect.poll(() => page.locator(toggle).getAttribute('aria-pressed')).toBe('true');
    await tap(page, toggle);
    await page.goto('/faq');
    await expect.poll(listed).not.toContain(live.movieId);
  });
});
