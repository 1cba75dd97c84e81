import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../scripts/lib/proc.mjs';
import { type OwnServer, ownServer } from '../support/own-server';
import { DEMO_PASSWORD } from './api';
import { launchBrowser, screenshot } from './browser';
import { liveCampaign } from './tap';

/*
 * No broken poster anywhere (docs/catalogue.md, "Posters"): a film whose poster upload was started and
 * never finished gets no poster address, and a poster address that does not load shows the no-poster
 * frame. The states are written into the server's D1 and R2 directly (no public way makes them), so this
 * file runs a server of its own (docs/testing.md).
 */

let browser: Browser;
let server: OwnServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), ownServer('posters')]);
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 12);

/** A wrangler command against the running server's local state; a busy SQLite file is retried. */
async function wrangler(args: string[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      await run('wrangler', [...args, '--local', '--persist-to', server.state], { quiet: true, env: { CI: 'true' } });
      return;
    } catch (err) {
      if (attempt >= 5 || !String(err).includes('SQLITE_BUSY')) throw err;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}
const d1 = (sql: string) => wrangler(['d1', 'execute', 'DB', '--command', sql]);

/** Touches the film as the admin (a description edit): the catalogue's cache is bumped, as any film change does. */
async function bumpCatalogue(filmId: string) {
  const context = await browser.newContext();
  const signIn = await context.request.post(`${server.url}/api/auth/sign-in/email`, {
    data: { email: 'admin@reelfund.local', password: DEMO_PASSWORD },
    headers: { origin: server.url },
  });
  expect(signIn.status()).toBe(200);
  const res = await context.request.patch(`${server.url}/api/films/${filmId}`, {
    data: { description: `A film whose poster did not arrive (${uid()}).` },
    headers: { origin: server.url },
  });
  expect(res.status(), await res.text()).toBe(200);
  await context.close();
}

/** The film's poster images on the page that show as broken: a source, loaded, and no pixels. */
async function brokenPosters(page: Page, filmId: string) {
  return page.evaluate(
    (id) =>
      [
        ...document.querySelectorAll<HTMLImageElement>(
          `[data-campaign-card] a[href="/movie/${id}"] img, [data-film-id="${id}"] img, [data-search-hit="${id}"] img, [data-film="${id}"] .stage img`,
        ),
      ]
        .filter((img) => img.getAttribute('src') && !img.hidden && img.complete && img.naturalWidth === 0)
        .map((img) => img.getAttribute('src')),
    filmId,
  );
}

/** Every screen that shows the film's poster, looked at signed out: its poster is never a broken image. */
async function expectNoBrokenPoster(filmId: string, title: string, shot: string) {
  const page = await browser.newPage({ baseURL: server.url, viewport: { width: 1366, height: 900 } });
  const screens = [
    { path: '/campaigns', card: page.locator(`[data-campaign-card]:has(a[href="/movie/${filmId}"])`).first() },
    { path: '/', card: page.locator(`[data-film-card][data-film-id="${filmId}"]`).first() },
    { path: `/search?q=${encodeURIComponent(title)}`, card: page.locator(`[data-search-hit="${filmId}"]`) },
    { path: `/movie/${filmId}`, card: page.locator(`[data-film="${filmId}"] .stage`) },
  ];
  for (const { path, card } of screens) {
    await page.goto(path);
    // A lazy poster loads (or fails) once its card is on screen.
    await card.scrollIntoViewIfNeeded();
    await page.waitForLoadState('load');
    // Wait until the poster has settled: no image of the film still loading.
    await expect
      .poll(() =>
        card.evaluate((el) =>
          [...el.querySelectorAll('img')].every((img) => img.hidden || !img.getAttribute('src') || img.complete),
        ),
      )
      .toBe(true);
    expect(await brokenPosters(page, filmId), `${path}: a broken poster`).toEqual([]);
    await screenshot(page, `${shot}-${path === '/' ? 'home' : path.split('?')[0]?.replaceAll('/', '_')}`);
  }
  await page.close();
}

describe('posters', () => {
  it('a film whose poster upload was started and not finished shows the no-poster frame on every screen', async () => {
    const { movieId, filmTitle } = await liveCampaign(server.url);
    const key = `uploads/poster/${uid()}`;
    // The upload row as a poster started and never finished leaves it, and the film pointing at its key.
    await d1(
      `INSERT INTO uploads (id, owner_id, kind, r2_key, file_name, size, content_type, part_size, part_count, status)
       SELECT '${uid()}', contributor_id, 'poster', '${key}', 'poster.webp', 4096, 'image/webp', 4096, 1, 'uploading'
       FROM videos WHERE id = '${movieId}';
       UPDATE videos SET poster_key = '${key}' WHERE id = '${movieId}';`,
    );
    await bumpCatalogue(movieId);
    // The server gives no poster address for it.
    const search = (await (await fetch(`${server.url}/api/search?q=${encodeURIComponent(filmTitle)}`)).json()) as {
      hits: { id: string; posterUrl: string | null }[];
    };
    expect(search.hits.find((h) => h.id === movieId)).toMatchObject({ posterUrl: null });
    await expectNoBrokenPoster(movieId, filmTitle, 'poster-unfinished');
  });

  it('a poster address that does not load falls back to the no-poster frame (the file is gone from storage)', async () => {
    const live = (await (await fetch(`${server.url}/api/campaigns/live`)).json()) as {
      campaigns: { movieId: string; filmTitle: string }[];
    };
    const { movieId, filmTitle } = live.campaigns[1] ?? live.campaigns[0] ?? { movieId: '', filmTitle: '' };
    const key = `uploads/poster/${uid()}`;
    // A finished upload whose file is not in R2: the address is given, and answers 404.
    await d1(
      `INSERT INTO uploads (id, owner_id, kind, r2_key, file_name, size, content_type, part_size, part_count, status, completed_at)
       SELECT '${uid()}', contributor_id, 'poster', '${key}', 'poster.webp', 4096, 'image/webp', 4096, 1, 'completed', 0
       FROM videos WHERE id = '${movieId}';
       UPDATE videos SET poster_key = '${key}' WHERE id = '${movieId}';`,
    );
    await bumpCatalogue(movieId);
    await expectNoBrokenPoster(movieId, filmTitle, 'poster-gone');
  });
});
