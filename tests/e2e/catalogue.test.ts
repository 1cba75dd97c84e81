import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../functions/domain/texts';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);

/** A fresh viewer account for this test, signed in in `context`. */
async function signUp(context: BrowserContext) {
  const username = `cat_${uid()}`;
  const email = `${username}@example.test`;
  const password = 'catalogue-pass-1';
  const res = await context.request.post(`${baseUrl()}/api/auth/sign-up/email`, {
    data: { email, password, name: username },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
  return { email, password };
}

async function signIn(context: BrowserContext, email: string, password: string) {
  const res = await context.request.post(`${baseUrl()}/api/auth/sign-in/email`, {
    data: { email, password },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
}

/** The id of a seeded film, found through the public search API. */
async function filmId(context: BrowserContext, title: string) {
  const res = await context.request.get(`${baseUrl()}/api/search?q=${encodeURIComponent(title)}`);
  const { hits } = (await res.json()) as { hits: { id: string; title: string }[] };
  const hit = hits.find((h) => h.title === title);
  if (!hit) throw new Error(`no seeded film "${title}"`);
  return hit.id;
}

const pressed = (page: Page, id: string) =>
  page.locator(`[data-list-toggle="${id}"]`).first().getAttribute('aria-pressed');

describe('the catalogue in Chromium', () => {
  it('browses a category and searches from the header', async () => {
    const { page, context, errors } = await newPage(browser);
    await signUp(context);
    await page.goto('/browse-by-category');
    await page.click('[data-category="comedy"]');
    await page.waitForURL(/category=comedy/);
    await expect.poll(() => page.locator('h1').textContent()).toBe('Comedy');
    const titles = await page.locator('[data-film-grid] [data-card-title]').allTextContents();
    expect(titles).toHaveLength(4);
    expect(titles).toContain('The Wrong Wedding');

    await page.fill('#site-search', '   harbor   ');
    await page.press('#site-search', 'Enter');
    await page.waitForURL(/\/search\?q=harbor$/);
    const hits = page.locator('[data-search-hit] h2');
    await expect.poll(() => hits.count()).toBe(3);
    // Title matches first, and the match is highlighted.
    expect((await hits.allTextContents()).slice(0, 2).sort()).toEqual(['Cold Harbor', 'Harbor Lights']);
    expect(await page.locator('[data-search-hit] mark').first().textContent()).toMatch(/harbor/i);
    // The third hit matches in its description only: its snippet shows the word, marked.
    expect(await page.locator('[data-search-hit]').nth(2).locator('.snippet mark').first().textContent()).toMatch(
      /harbor/i,
    );
    await screenshot(page, 'search-harbor-1366');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'search-harbor-375');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('adds a film to My List, shows it on /my-list and on the home page, then removes it', async () => {
    const { page, context, errors } = await newPage(browser);
    await signUp(context);
    const id = await filmId(context, 'Paper Birds');
    await page.goto(`/movie/${id}`);
    await expect.poll(() => pressed(page, id)).toBe('false');
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/my-list/${id}`) && r.request().method() === 'PUT');
    await page.click(`[data-list-toggle="${id}"]`);
    // Optimistic: pressed at once, before the server answers.
    expect(await pressed(page, id)).toBe('true');
    expect((await saved).status()).toBe(200);

    await page.goto('/my-list');
    expect(await page.locator('[data-film-card] [data-card-title]').allTextContents()).toEqual(['Paper Birds']);

    await page.goto('/');
    const row = page.locator('[data-row="my-list"]');
    await row.waitFor({ state: 'visible' });
    expect(await row.locator('[data-card-title]').allTextContents()).toEqual(['Paper Birds']);
    // Every toggle of that film on the page shares the one store.
    await expect.poll(() => page.locator(`[data-list-toggle="${id}"][aria-pressed="true"]`).count()).toBeGreaterThan(1);

    await page.goto('/my-list');
    await page.locator(`[data-list-toggle="${id}"]`).waitFor();
    await expect.poll(() => pressed(page, id)).toBe('true');
    await page.click(`[data-list-toggle="${id}"]`);
    await page.locator('[data-my-list-empty]').waitFor({ state: 'visible' });
    await page.reload();
    await page.locator('[data-my-list-empty]').waitFor({ state: 'visible' });
    expect(await page.locator('[data-film-card]:visible').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('keeps a tap made before the list has loaded, though the list was read before the change', async () => {
    const { page, context, errors } = await newPage(browser);
    await signUp(context);
    const id = await filmId(context, 'Salt and Iron');
    // The page's first read of the list is answered by the server at once but delivered only after
    // the tap and its save: the answer it carries predates the change.
    let deliver: () => void = () => {};
    const delivered = new Promise<void>((resolve) => {
      deliver = resolve;
    });
    let held = false;
    await page.route(/\/api\/my-list$/, async (route) => {
      if (route.request().method() !== 'GET' || held) return route.continue();
      held = true;
      const response = await route.fetch();
      await delivered;
      await route.fulfill({ response });
    });
    await page.goto(`/movie/${id}`);
    const saved = page.waitForResponse((r) => r.url().endsWith(`/api/my-list/${id}`) && r.request().method() === 'PUT');
    await page.click(`[data-list-toggle="${id}"]`);
    expect((await saved).status()).toBe(200);
    expect(await pressed(page, id)).toBe('true');
    const listRead = page.waitForResponse((r) => r.url().endsWith('/api/my-list') && r.request().method() === 'GET');
    deliver();
    await listRead;
    // The stale list arrived; the tap still stands, on the page and on the server.
    await page.evaluate(() => new Promise((resolve) => setTimeout(resolve, 300)));
    expect(await pressed(page, id)).toBe('true');
    await page.goto('/my-list');
    expect(await page.locator('[data-film-card] [data-card-title]').allTextContents()).toEqual(['Salt and Iron']);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('asks a signed-out visitor to sign in to watch', async () => {
    const { page, context } = await newPage(browser);
    const id = await filmId(context, 'Night Shift');
    await page.goto(`/movie/${id}`);
    expect(await page.locator('[data-sign-in-to-watch]').textContent()).toBe(TEXT.signInToWatch);
    expect(await page.locator('[data-player]').count()).toBe(0);
    await context.close();
  });

  it('plays a film, seeks, and resumes at the saved position in a second browser context', async () => {
    const first = await newPage(browser);
    const { email, password } = await signUp(first.context);
    const id = await filmId(first.context, 'The Last Lighthouse');
    await first.page.goto(`/movie/${id}`);
    const video = first.page.locator('[data-player-video]');
    // Keyboard: focus the player's play button and press Enter.
    await first.page.locator('media-play-button').focus();
    await first.page.keyboard.press('Enter');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.3);
    // A real frame was decoded: the clip plays in this Chromium.
    expect(await video.evaluate((v: HTMLVideoElement) => v.videoWidth)).toBe(640);
    await video.evaluate((v: HTMLVideoElement) => {
      v.pause();
      v.currentTime = 3;
    });
    await expect
      .poll(() => first.page.locator('[data-player]').getAttribute('data-saved-at'), { timeout: 10_000 })
      .toMatch(/^3(\.\d+)?$/);
    expect(first.errors).toEqual([]);

    const second = await newPage(browser);
    await signIn(second.context, email, password);
    await second.page.goto(`/movie/${id}`);
    await expect
      .poll(() => second.page.locator('[data-player]').getAttribute('data-resumed-at'), { timeout: 10_000 })
      .toBe('3');
    const resumed = await second.page.locator('[data-player-video]').evaluate((v: HTMLVideoElement) => v.currentTime);
    expect(resumed).toBeCloseTo(3, 1);
    expect(second.errors).toEqual([]);
    await first.context.close();
    await second.context.close();
  });

  it("loads the player's code only on intent (a pointer over it) or the press, and a press plays", async () => {
    const { page, context, errors } = await newPage(browser);
    await signUp(context);
    // Every script the page fetches, by body: media-chrome's defines its player element.
    const playerCode: string[] = [];
    page.on('response', async (r) => {
      if (r.request().resourceType() !== 'script') return;
      const body = await r.text().catch(() => '');
      if (/define\(\s*["'`]media-controller["'`]/.test(body)) playerCode.push(r.url());
    });
    const definedPlayer = () => page.evaluate(() => Boolean(customElements.get('media-controller')));
    const id = await filmId(context, 'Harbor Lights');
    await page.goto(`/movie/${id}`, { waitUntil: 'load' });
    // Plain HTML until then: the poster and a play button, and no player code fetched or run.
    await expect(page.locator('[data-player-video]').getAttribute('poster')).resolves.toMatch(
      /^\/api\/media\/posters\//,
    );
    await expect(page.locator('[data-player-start]').isVisible()).resolves.toBe(true);
    expect(await definedPlayer()).toBe(false);
    expect(playerCode).toEqual([]);

    // The first intent, a pointer over the player, loads it; the press plays.
    await page.hover('[data-player-shell]');
    await expect.poll(definedPlayer).toBe(true);
    await expect.poll(() => playerCode.length).toBeGreaterThan(0);
    await page.click('[data-player-start]');
    const video = page.locator('[data-player-video]');
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 15_000 })
      .toBeGreaterThan(0.3);
    await expect(page.locator('[data-player-start]').isVisible()).resolves.toBe(false);
    expect(errors).toEqual([]);

    // A press with no intent before it (a click dispatched on the button alone) plays too, and loads the controls.
    const second = await context.newPage();
    await second.goto(`/movie/${id}`, { waitUntil: 'load' });
    expect(await second.evaluate(() => Boolean(customElements.get('media-controller')))).toBe(false);
    await second.locator('[data-player-start]').dispatchEvent('click');
    await expect
      .poll(() => second.locator('[data-player-video]').evaluate((v: HTMLVideoElement) => v.currentTime), {
        timeout: 15_000,
      })
      .toBeGreaterThan(0.3);
    await expect.poll(() => second.evaluate(() => Boolean(customElements.get('media-controller')))).toBe(true);
    await context.close();
  });

  it('offers captions (CC) for the seeded films that have them, one track per language, and only for those', async () => {
    const { page, context, errors } = await newPage(browser);
    await signUp(context);
    const withCaptions = await filmId(context, 'Second Breakfast Club');
    await page.goto(`/movie/${withCaptions}`);
    await page.locator('media-captions-button').waitFor();
    const track = page.locator('[data-player-video] track[kind="captions"]');
    await expect(track.count()).resolves.toBe(1);
    const src = (await track.getAttribute('src')) ?? '';
    expect(src).toMatch(/^\/api\/media\/captions\/[0-9a-f-]{36}\?v=\d+$/);
    const file = await context.request.get(`${baseUrl()}${src}`);
    expect(file.status()).toBe(200);
    expect(await file.text()).toMatch(/^WEBVTT/);

    const twoLanguages = await filmId(context, 'The Last Lighthouse');
    await page.goto(`/movie/${twoLanguages}`);
    await page.locator('media-captions-button').waitFor();
    const tracks = await page
      .locator('[data-player-video] track[kind="captions"]')
      .evaluateAll((els) => els.map((t) => [t.getAttribute('srclang'), t.getAttribute('label')]));
    expect(tracks).toEqual([
      ['en', 'English'],
      ['fr', 'Français'],
    ]);

    await page.goto(`/movie/${await filmId(context, 'Harbor Lights')}`);
    await page.locator('[data-player]').waitFor();
    expect(await page.locator('media-captions-button').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the streaming diagnostics: first frame time and range probes (206, 416)', async () => {
    const { page, context, errors } = await newPage(browser);
    await signUp(context);
    // A seeded film with a real clip (other tests, run at the same time, approve uploads of test bytes).
    const found = (await (await context.request.get('/api/search?q=lighthouse')).json()) as { hits: { id: string }[] };
    await page.goto(`/video-test?id=${found.hits[0]?.id}`);
    await page.click('[data-measure]');
    // Wait for the measurement to finish (a number, or the reason it could not be taken).
    await expect
      .poll(() => page.locator('[data-diagnostics] [data-ttff]').textContent(), { timeout: 30_000 })
      .not.toMatch(/^(—|measuring…)$/);
    expect(await page.locator('[data-diagnostics] [data-ttff]').textContent()).toMatch(/^\d+ ms$/);
    expect(await page.locator('[data-diagnostics]').getAttribute('data-ttff-ms')).toMatch(/^\d+(\.\d+)?$/);
    await page.click('[data-probe="bytes=-1024"]');
    await expect.poll(() => page.locator('[data-probe-log] li').first().getAttribute('data-probe-result')).toBe('206');
    await page.click('[data-probe="bytes=999999999-"]');
    await expect.poll(() => page.locator('[data-probe-log] li').first().getAttribute('data-probe-result')).toBe('416');
    expect(Number(await page.locator('[data-requests]').textContent())).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the 404 page with status 404 for a film that does not exist', async () => {
    const { page, context } = await newPage(browser);
    const res = await page.goto('/movie/no-such-film');
    expect(res?.status()).toBe(404);
    expect(await page.locator('h1').textContent()).toBe(TEXT.notFoundTitle);
    await context.close();
  });
});
