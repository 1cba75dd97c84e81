import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHARE_TEXT } from '../../functions/domain/short-links/texts';
import { approvedFilm, open, signIn, toastText, uid } from './api';
import { baseUrl, launchBrowser, newPage, screenshot as save } from './browser';
import { tap } from './tap';

/* Issue 49 items 3 and 5: campaigns in /search, link previews (OpenGraph, Twitter) and the Share control. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A screenshot once the gate's loading screen is gone. */
async function screenshot(page: Page, name: string) {
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-coming-soon-loading'));
  await save(page, name);
}

/** A new approved film of the demo creator, made through the API (no seed film is touched). */
async function creatorsFilm(title: string) {
  const creator = (await newPage(browser)).context;
  await signIn(creator, 'creator@reelfund.local');
  const { id } = await approvedFilm(creator, title, 'Made for a <share> test & more.');
  await creator.close();
  return id;
}

/** The page's link-preview tags as a browser parses them. */
const tagsOf = (page: Page) =>
  page.evaluate(() =>
    Object.fromEntries(
      [...document.head.querySelectorAll('meta[property^="og:"], meta[name^="twitter:"]')].map((m) => [
        m.getAttribute('property') ?? m.getAttribute('name'),
        m.getAttribute('content'),
      ]),
    ),
  );

/** A seeded live campaign's film: Tidewater: the score, on Undertow. */
async function seededCampaign() {
  const all = (await (await fetch(`${baseUrl()}/api/search?q=orchestra`)).json()) as {
    campaigns: { hits: { campaignId: string; movieId: string; title: string }[] };
  };
  const hit = all.campaigns.hits.find((h) => h.title === 'Tidewater: the score');
  if (!hit) throw new Error('the seed has Tidewater: the score, about an orchestra');
  return hit;
}

describe('campaigns in search', () => {
  it('shows a Campaigns section with the campaign found by a word of its description', async () => {
    for (const width of [375, 1366]) {
      const { page, context, errors } = await newPage(browser, { viewport: { width, height: 900 } });
      await open(page, '/search?q=orchestra');
      const section = page.locator('[data-search-campaigns]');
      await expect.poll(() => section.locator('h2').textContent()).toBe('Campaigns');
      // The card /campaigns draws, with its Follow control.
      const card = section.locator('[data-campaign-card]').filter({ hasText: 'Tidewater: the score' });
      await expect.poll(() => card.count()).toBe(1);
      expect(await card.locator('.raised').textContent()).toMatch(/ of \$1,000\.00/);
      expect(await card.locator('[data-figure="state"]').textContent()).toBeTruthy();
      expect(await card.locator('[data-follow], [data-follow-sign-in]').count()).toBe(1);
      // No sideways scroll on a phone.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await screenshot(page, `search-campaigns-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe('link previews', () => {
  it('a film page carries OpenGraph and Twitter tags, its title escaped, its poster absolute', async () => {
    const title = `Say "Hi" <b>Now</b> & ${uid()}`;
    const filmId = await creatorsFilm(title);
    const { page, context } = await newPage(browser);
    const res = await page.goto(`/movie/${filmId}`);
    const html = (await res?.text()) ?? '';
    // Every quote in an attribute is escaped (an angle bracket inside a quoted value is plain text), so
    // no value ends early and no element is made of the title anywhere on the page.
    const metaTags = html.match(/<meta [^>]*>/g) ?? [];
    expect(metaTags.filter((m) => m.includes('Hi'))).not.toHaveLength(0);
    expect(metaTags.filter((m) => m.includes('"Hi"'))).toEqual([]);
    expect(await page.evaluate(() => document.querySelectorAll('b').length)).toBe(0);
    const tags = await tagsOf(page);
    expect(tags).toMatchObject({
      'og:title': title,
      'og:type': 'video.movie',
      'og:url': `${baseUrl()}/movie/${filmId}`,
      'og:description': 'Made for a <share> test & more.',
      'twitter:title': title,
      'twitter:description': 'Made for a <share> test & more.',
    });
    await context.close();
  });

  it("a campaign's film page gives its raised of goal and poster; the coins page has tags of its own", async () => {
    const hit = await seededCampaign();
    const { page, context } = await newPage(browser);
    await page.goto(`/movie/${hit.movieId}`);
    const tags = await tagsOf(page);
    expect(tags['og:description']).toMatch(/^Tidewater: the score: \$[\d,.]+ raised of \$[\d,.]+ goal\. /);
    expect(tags['og:image']).toMatch(new RegExp(`^${baseUrl()}/api/media/posters/${hit.movieId}`));
    expect(tags['twitter:card']).toBe('summary_large_image');
    expect((await context.request.get(tags['og:image'] as string)).status()).toBe(200);
    await page.goto(`/movie/${hit.movieId}/coins`);
    const coins = await tagsOf(page);
    expect(coins['og:url']).toBe(`${baseUrl()}/movie/${hit.movieId}/coins`);
    expect(coins['og:title']).toMatch(/ · Creator coins$/);
    await context.close();
  });
});

/** A context without the system share sheet (as desktop Linux Chromium), allowed to read what it copied. */
async function copyContext(width: number) {
  const p = await newPage(browser, { viewport: { width, height: 900 } });
  await p.context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseUrl() });
  await p.context.addInitScript(() => {
    // biome-ignore lint/suspicious/noExplicitAny: removing the API the browser may have
    delete (Navigator.prototype as any).share;
  });
  return p;
}

const clipboard = (page: Page) => page.evaluate(() => navigator.clipboard.readText());

describe('the Share control', () => {
  it('copies the page’s short link (the same each time) with a toast; the link opens the page', async () => {
    const hit = await seededCampaign();
    let shared: string | null = null;
    for (const width of [375, 1366]) {
      const { page, context, errors } = await copyContext(width);
      await open(page, `/movie/${hit.movieId}`);
      await page.locator('[data-share-page="film"]:not([disabled])').waitFor();
      await tap(page, '[data-share-page="film"]');
      await toastText(page, SHARE_TEXT.shareLinkCopied);
      const link = await clipboard(page);
      expect(link).toMatch(new RegExp(`^${baseUrl()}/s/[A-Za-z0-9]{7}$`));
      // Created once per page: every press, and every visitor, gets the same code.
      shared ??= link;
      expect(link).toBe(shared);
      expect(await page.locator('[data-share-result]').textContent()).toBe(link);
      await screenshot(page, `share-film-${width}`);
      await page.goto(link);
      await expect.poll(() => new URL(page.url()).pathname).toBe(`/movie/${hit.movieId}`);
      expect(errors).toEqual([]);
      await context.close();
    }
    // On the coins page too.
    const { page, context } = await copyContext(1366);
    await open(page, `/movie/${hit.movieId}/coins`);
    await tap(page, '[data-share-page="coins"]');
    await toastText(page, SHARE_TEXT.shareLinkCopied);
    const coinsLink = await clipboard(page);
    expect(coinsLink).not.toBe(shared);
    await screenshot(page, 'share-coins-1366');
    await page.goto(coinsLink);
    await expect.poll(() => new URL(page.url()).pathname).toBe(`/movie/${hit.movieId}/coins`);
    await context.close();
  });
});
