import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILM_TEXT } from '../../functions/domain/films/texts';
import { SCRAPER_TEXT } from '../../functions/domain/scraper/texts';
import { type OwnServer, ownServer } from '../support/own-server';
import { freePort } from '../support/ports';
import { FIXTURE_FILM as F, type FixtureServer, POSTER_PNG, startFixtureServer } from '../support/scraper-fixtures';
import { launchBrowser } from './browser';

/*
 * Issue 47: an admin imports a film's details from the loopback fixture server (docs/film-import.md).
 * This file's server allows exactly the fixture's host:port (SCRAPER_TEST_ALLOW); every other
 * loopback address or port stays refused, and is refused before it is requested.
 */
let fixture: FixtureServer;
let server: OwnServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
const errors: string[] = [];

beforeAll(async () => {
  fixture = await startFixtureServer(await freePort());
  server = await ownServer('scraper', { vars: { SCRAPER_TEST_ALLOW: fixture.hostPort } });
  browser = await launchBrowser();
  context = await browser.newContext({ baseURL: server.url });
  const res = await context.request.post(`${server.url}/api/auth/sign-in/email`, {
    data: { email: 'admin@reelfund.local', password: 'reelfund-demo' },
    headers: { origin: server.url },
  });
  expect(res.status()).toBe(200);
  page = await context.newPage();
  page.on('pageerror', (e) => errors.push(e.message));
});

afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await fixture?.close();
});

const importApi = (url: string) =>
  context.request.post(`${server.url}/api/admin/film-imports`, { data: { url }, headers: { origin: server.url } });

describe('the film importer on a server that allows only the fixture', () => {
  it('imports a fixture page, the admin edits the title and saves: the film exists with its poster in storage', async () => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto('/admin/ai-video-scraper');
    await page.locator('[data-film-form]:not([aria-busy])').waitFor();
    await page.fill('#import-url', `${fixture.base}/jsonld.html`);
    await page.click('[data-import-submit]');
    await expect.poll(() => page.locator('[data-import-status]').textContent()).toBe(SCRAPER_TEXT.imported);
    // The form is prefilled, each field's source shown.
    await expect.poll(() => page.locator('#film-title').inputValue()).toBe(F.title);
    expect(await page.locator('#film-description').inputValue()).toBe(F.description);
    expect(await page.locator('#film-year').inputValue()).toBe(String(F.year));
    expect(await page.locator('#film-runtime').inputValue()).toBe('1:32:00');
    expect(await page.locator('[data-import-source="title"]').textContent()).toContain('schema.org Movie (JSON-LD)');
    expect(await page.locator('[data-import-source="posterUrl"]').textContent()).toContain(SCRAPER_TEXT.posterCopied);
    await page.screenshot({ path: 'test-results/scraper-imported-1366.png', fullPage: true });
    await page.setViewportSize({ width: 375, height: 800 });
    await page.screenshot({ path: 'test-results/scraper-imported-375.png', fullPage: true });

    const title = `${F.title} (restored)`;
    await page.fill('#film-title', title);
    if ((await page.locator('#film-category option').count()) > 1)
      await page.selectOption('#film-category', { index: 1 });
    await page.setInputFiles('[data-video-uploader] [data-file]', 'functions/seed/media/clip-city.webm');
    await page.locator('[data-video-uploader][data-upload-state="done"]').waitFor({ timeout: 30_000 });
    await page.click('[data-submit]');
    await page.waitForURL('**/admin?tab=videos');

    const films = (await (await context.request.get(`${server.url}/api/studio/films`)).json()) as {
      films: { id: string; title: string; poster: { url: string } | null }[];
    };
    const film = films.films.find((f) => f.title === title);
    expect(film?.poster?.url).toBeTruthy();
    const poster = await context.request.get(`${server.url}${film?.poster?.url}`);
    expect(poster.status()).toBe(200);
    expect(Buffer.from(await poster.body()).equals(Buffer.from(POSTER_PNG))).toBe(true);
    expect(errors).toEqual([]);
  });

  it('shows a refusal in plain words under the address', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto('/admin/ai-video-scraper');
    await page.locator('[data-film-form]:not([aria-busy])').waitFor();
    await page.fill('#import-url', `${fixture.base}/redirect-other-port`);
    await page.click('[data-import-submit]');
    await expect
      .poll(() => page.locator('[data-import-error]').textContent())
      .toBe(`${SCRAPER_TEXT.at.redirect}: ${SCRAPER_TEXT.port}`);
    await page.screenshot({ path: 'test-results/scraper-refused-375.png', fullPage: true });
  });

  it.each([
    ['/redirect-other-port', `${SCRAPER_TEXT.at.redirect}: ${SCRAPER_TEXT.port}`],
    ['/redirect-other-loopback', `${SCRAPER_TEXT.at.redirect}: ${SCRAPER_TEXT.port}`],
    ['/redirect-private', `${SCRAPER_TEXT.at.redirect}: ${SCRAPER_TEXT.privateAddress}`],
    ['/redirect-metadata', `${SCRAPER_TEXT.at.redirect}: ${SCRAPER_TEXT.privateAddress}`],
    ['/redirect-1', `${SCRAPER_TEXT.at.redirect}: ${SCRAPER_TEXT.tooManyRedirects}`],
    ['/huge.html', `${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.tooLarge}`],
    ['/data.json', `${SCRAPER_TEXT.at.page}: ${SCRAPER_TEXT.wrongType('application/json')}`],
    ['/oembed-private.html', `${SCRAPER_TEXT.at.oembed}: ${SCRAPER_TEXT.privateAddress}`],
  ])('through the worker, %s is refused: %s', async (path, message) => {
    const res = await importApi(`${fixture.base}${path}`);
    expect(res.status()).toBe(400);
    expect(((await res.json()) as { error: { message: string } }).error.message).toBe(message);
  });

  it('through the worker, reads oEmbed and broken markup, and keeps an import whose poster is not an image', async () => {
    const oembed = (await (await importApi(`${fixture.base}/oembed.html`)).json()) as {
      import: { details: { title: { value: string; source: string } } };
    };
    expect(oembed.import.details.title).toEqual({ value: `oEmbed: ${F.title}`, source: 'oEmbed' });
    const broken = (await (await importApi(`${fixture.base}/broken.html`)).json()) as {
      import: { details: { title: { value: string } }; poster: null };
    };
    expect(broken.import.details.title.value).toBe(F.title);
    const fake = (await (await importApi(`${fixture.base}/not-an-image.html`)).json()) as {
      import: { poster: null; posterProblem: string; synopsis: null };
    };
    expect(fake.import.poster).toBeNull();
    expect(fake.import.posterProblem).toBe(`${SCRAPER_TEXT.at.poster}: ${FILM_TEXT.notAnImage}`);
    // No AI binding locally: no synopsis, the rest the same.
    expect(fake.import.synopsis).toBeNull();
  });

  it('passes the axe gate with the import shown and with a refusal shown', async () => {
    // The page as it opens is scanned by tests/e2e/a11y.test.ts; these are its states after an import.
    const axeContext = await browser.newContext({ baseURL: server.url, bypassCSP: true });
    await axeContext.request.post(`${server.url}/api/auth/sign-in/email`, {
      data: { email: 'admin@reelfund.local', password: 'reelfund-demo' },
      headers: { origin: server.url },
    });
    const p = await axeContext.newPage();
    const scan = async () => {
      await p.addScriptTag({
        content: readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8'),
      });
      return p.evaluate(async () => {
        const w = window as unknown as {
          axe: { run: (d: Document, o: unknown) => Promise<{ violations: { id: string; nodes: unknown[] }[] }> };
        };
        const r = await w.axe.run(document, {
          runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'] },
          resultTypes: ['violations'],
        });
        return r.violations.map((v) => v.id);
      });
    };
    await p.goto('/admin/ai-video-scraper');
    await p.locator('[data-film-form]:not([aria-busy])').waitFor();
    await p.fill('#import-url', `${fixture.base}/jsonld.html`);
    await p.click('[data-import-submit]');
    await expect.poll(() => p.locator('[data-import-status]').textContent()).toBe(SCRAPER_TEXT.imported);
    expect(await scan()).toEqual([]);
    await p.fill('#import-url', 'http://localhost/');
    await p.click('[data-import-submit]');
    await expect.poll(() => p.locator('[data-import-error]').isVisible()).toBe(true);
    expect(await scan()).toEqual([]);
    await axeContext.close();
  });
});
