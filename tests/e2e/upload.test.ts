import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { APIRequestContext, Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FILM_TEXT } from '../../functions/domain/films/texts';
import { MIB } from '../../functions/domain/films/upload-plan';
import { TEXT } from '../../functions/domain/texts';
import { png, toBase64, webm } from '../support/media';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';

const PASSWORD = 'reelfund-demo';
const CREATOR = 'creator@reelfund.local';
const OTHER_CREATOR = 'creator2@reelfund.local';
const ADMIN = 'admin@reelfund.local';

let browser: Browser;
let dir: string;
beforeAll(async () => {
  browser = await launchBrowser();
  dir = mkdtempSync(join(tmpdir(), 'reelfund-upload-'));
});
afterAll(async () => {
  await browser?.close();
  rmSync(dir, { recursive: true, force: true });
});

const unique = (prefix: string) => `${prefix} ${crypto.randomUUID().slice(0, 8)}`;

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post('/api/auth/sign-in/email', {
    data: { email, password: PASSWORD },
    headers: { origin: baseUrl() },
  });
  expect(res.status(), await res.text()).toBe(200);
}

async function asUser(email: string) {
  const session = await newPage(browser);
  await signIn(session.context, email);
  return session;
}

interface Upload {
  id: string;
  status: string;
  confirmedParts: number[];
  partSize: number;
  partCount: number;
}
interface Film {
  id: string;
  title: string;
  reviewStatus: string;
  reviewReason: string | null;
}

async function json<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), `${res.url()}: ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

const myFilms = async (request: APIRequestContext) =>
  (await json<{ films: Film[] }>(await request.get('/api/studio/films'))).films;

/** A whole film made through the API (small video, no poster) as the signed-in creator. */
async function filmViaApi(request: APIRequestContext, title: string): Promise<Film> {
  const headers = { origin: baseUrl() };
  const bytes = webm(4096);
  const { upload } = await json<{ upload: Upload }>(
    await request.post('/api/uploads', {
      headers,
      data: { kind: 'video', fileName: 'short.webm', size: bytes.length, head: toBase64(bytes.subarray(0, 64)) },
    }),
  );
  await json(
    await request.put(`/api/uploads/${upload.id}/parts/1`, {
      headers: { ...headers, 'content-type': 'application/octet-stream' },
      data: Buffer.from(bytes),
    }),
  );
  await json(await request.post(`/api/uploads/${upload.id}/complete`, { headers, data: {} }));
  const { categories } = await json<{ categories: { id: string }[] }>(await request.get('/api/studio/categories'));
  const { film } = await json<{ film: Film }>(
    await request.post('/api/films', {
      headers,
      data: {
        title,
        description: 'Made through the API for a review test.',
        year: 2023,
        runtimeSeconds: 1200,
        videoUploadId: upload.id,
        ...(categories[0] ? { categoryId: categories[0].id } : {}),
      },
    }),
  );
  return film;
}

const toast = (page: Page) => page.locator('[data-toaster] .toast').first();

describe('the add-film form', () => {
  it.each([375, 1366])(
    'at %i px clears each field error as the field becomes valid; Category, Year and Runtime line up',
    async (width) => {
      const creator = await asUser(CREATOR);
      const page = creator.page;
      await page.setViewportSize({ width, height: 900 });
      await page.goto('/contributor/add-movie');
      // Categories are loaded: the form is ready.
      await expect.poll(() => page.locator('#film-category option').count()).toBeGreaterThan(1);
      await page.click('[data-submit]');
      const error = (path: string) => page.locator(`[data-field-error="${path}"]`);
      await expect.poll(() => error('title').textContent()).toBe(FILM_TEXT.titleRequired);
      await expect(error('year').isVisible()).resolves.toBe(true);
      await screenshot(page, `add-film-errors-${width}`);
      // The three controls share one top and one height (side by side when they fit), errors or not.
      const lineUp = async () => {
        const boxes = await Promise.all(
          ['#film-category', '#film-year', '#film-runtime'].map((sel) => page.locator(sel).boundingBox()),
        );
        expect(new Set(boxes.map((b) => Math.round(b?.height ?? 0))).size, 'one height').toBe(1);
        if (width >= 1000) expect(new Set(boxes.map((b) => Math.round(b?.y ?? 0))).size, 'one top').toBe(1);
      };
      await lineUp();

      await page.fill('#film-title', 'A title');
      await expect.poll(() => error('title').isHidden()).toBe(true);
      expect(await page.getAttribute('#film-title', 'aria-invalid')).toBeNull();
      await page.fill('#film-description', 'A description.');
      await expect.poll(() => error('description').isHidden()).toBe(true);
      await page.selectOption('#film-category', { index: 1 });
      await expect.poll(() => error('categoryId').isHidden()).toBe(true);
      // Still wrong: the error stays until the value is valid.
      await page.fill('#film-year', '1700');
      expect(await error('year').isVisible()).toBe(true);
      await page.fill('#film-year', '2020');
      await expect.poll(() => error('year').isHidden()).toBe(true);
      await page.fill('#film-runtime', '1:30:00');
      await expect.poll(() => error('runtimeSeconds').isHidden()).toBe(true);
      // The video is still missing: its error stays.
      expect(await error('videoUploadId').isVisible()).toBe(true);

      await lineUp();
      await page.locator('#film-category').scrollIntoViewIfNeeded();
      await screenshot(page, `add-film-fixed-${width}`);
      expect(creator.errors).toEqual([]);
      await creator.context.close();
    },
  );
});

describe('uploading a film', () => {
  it('fills the runtime from the chosen video before it is uploaded, as h:mm:ss; a typed runtime stays', async () => {
    const creator = await asUser(CREATOR);
    const page = creator.page;
    await page.goto('/contributor/add-movie');
    // A real clip (the seed's): Chromium reads its length from the file's metadata.
    await page.setInputFiles('[data-video-uploader] [data-file]', 'functions/seed/media/clip-city.webm');
    await expect.poll(() => page.inputValue('#film-runtime'), { timeout: 15_000 }).toMatch(/^0:00:(0[1-9]|[1-5]\d)$/);
    await page.fill('#film-runtime', '1:42:00');
    await page.setInputFiles('[data-video-uploader] [data-file]', 'functions/seed/media/clip-life.webm');
    await page.waitForTimeout(1000);
    expect(await page.inputValue('#film-runtime')).toBe('1:42:00');
    expect(creator.errors).toEqual([]);
    await creator.context.close();
  });

  it('shows progress, survives closing the page mid-way, resumes without re-sending confirmed parts, and is approved by an admin', async () => {
    // 12 MiB: three parts of 5, 5 and 2 MiB. A WebM header and padding pass the type check.
    const path = join(dir, 'resumable-film.webm');
    writeFileSync(path, webm(12 * MIB));
    const creator = await asUser(CREATOR);

    // First visit: part 2 never gets through (the connection drops each time), then the page is closed.
    const first = creator.page;
    await first.route('**/api/uploads/*/parts/2', (route) => route.abort('connectionreset'));
    await first.goto('/contributor/upload');
    await first.setInputFiles('[data-video-uploader] [data-file]', path);
    const uploader = first.locator('[data-video-uploader]');
    await first.locator('[data-video-uploader][data-confirmed-parts="1"]').waitFor();
    const percent = Number.parseInt((await uploader.locator('[data-percent]').textContent()) ?? '', 10);
    expect(percent).toBeGreaterThanOrEqual(41);
    expect(percent).toBeLessThan(100);
    expect(Number(await uploader.locator('[data-bar]').getAttribute('aria-valuenow'))).toBe(percent);
    await expect(uploader.locator('[data-sent]').textContent()).resolves.toMatch(/of 12\.6 MB/);
    await expect(uploader.locator('[data-cancel]').isVisible()).resolves.toBe(true);
    await screenshot(first, 'upload-in-progress');
    const uploadId = (await uploader.getAttribute('data-upload-id')) ?? '';
    const midway = await json<{ upload: Upload }>(await creator.context.request.get(`/api/uploads/${uploadId}`));
    expect(midway.upload).toMatchObject({ status: 'uploading', confirmedParts: [1], partCount: 3 });
    await first.close();
    const closed = await json<{ upload: Upload }>(await creator.context.request.get(`/api/uploads/${uploadId}`));
    expect(closed.upload.confirmedParts).toEqual([1]);

    // Reopened: the unfinished upload is listed; choosing the same file sends only parts 2 and 3.
    const second = await creator.context.newPage();
    const partsSent: number[] = [];
    second.on('request', (r) => {
      const m = r.url().match(/\/api\/uploads\/[^/]+\/parts\/(\d+)$/);
      if (m) partsSent.push(Number(m[1]));
    });
    await second.goto('/contributor/upload');
    await second.locator(`[data-unfinished-upload="${uploadId}"]`).waitFor();
    await second.setInputFiles('[data-video-uploader] [data-file]', path);
    await second.locator('[data-video-uploader][data-upload-state="done"]').waitFor();
    expect(partsSent.sort()).toEqual([2, 3]);
    // It said it was resuming (the progress stage is hidden now that it is done).
    await expect(second.locator('[data-resumed]').evaluate((el) => (el as HTMLElement).hidden)).resolves.toBe(false);
    const done = await json<{ upload: Upload }>(await creator.context.request.get(`/api/uploads/${uploadId}`));
    expect(done.upload).toMatchObject({ status: 'completed', confirmedParts: [1, 2, 3] });

    // The film's details, with a poster.
    await second.click('[data-next-link]');
    await second.waitForURL(`**/contributor/add-movie?upload=${uploadId}`);
    await second.locator('[data-chosen-video]:not([hidden])').waitFor();
    const title = unique('Resumed Film');
    // Empty form first: every problem is shown next to its field.
    await second.click('[data-submit]');
    await expect(second.locator('[data-field-error="title"]').textContent()).resolves.toBe(FILM_TEXT.titleRequired);
    await second.fill('#film-title', title);
    await second.fill('#film-description', 'A film that went up in three parts, across two visits.');
    if ((await second.locator('#film-category option').count()) > 1) {
      await second.selectOption('#film-category', { index: 1 });
    }
    await second.fill('#film-year', '2024');
    await second.fill('#film-runtime', '95');
    await second.setInputFiles('#film-poster', {
      name: 'poster.png',
      mimeType: 'image/png',
      buffer: Buffer.from(png()),
    });
    await second.click('[data-submit]');
    await second.waitForURL('**/contributor?tab=films');
    await expect(toast(second).textContent()).resolves.toContain(FILM_TEXT.filmSubmitted);
    const row = second.locator('[data-my-films] [data-film]', { hasText: title });
    await expect(row.getAttribute('data-status')).resolves.toBe('pending');
    const filmId = (await row.getAttribute('data-film')) ?? '';
    await screenshot(second, 'my-films-pending');

    // The admin previews and approves it.
    const admin = await asUser(ADMIN);
    await admin.page.goto('/admin?tab=videos');
    const card = admin.page.locator(`[data-review-queue] [data-film="${filmId}"]`);
    await expect(card.locator('video').getAttribute('src')).resolves.toMatch(`/api/studio/films/${filmId}/video`);
    await screenshot(admin.page, 'admin-review-queue');
    await card.locator('[data-approve]').click();
    await card.waitFor({ state: 'detached' });
    await expect(toast(admin.page).textContent()).resolves.toContain(FILM_TEXT.filmApproved);

    // The admin's add and edit pages load the same form.
    await admin.page.goto(`/admin/edit/${filmId}`);
    await admin.page.locator('[data-film-form]:not([aria-busy])').waitFor();
    await expect(admin.page.locator('#film-title').inputValue()).resolves.toBe(title);
    await admin.page.goto('/admin/add-movie');
    await admin.page.locator('[data-film-form] [data-video-uploader]').waitFor();

    const film = (await myFilms(creator.context.request)).find((f) => f.id === filmId);
    expect(film?.reviewStatus).toBe('approved');
    await second.reload();
    await expect(second.locator(`[data-film="${filmId}"]`).getAttribute('data-status')).resolves.toBe('approved');

    // The approved film is in the catalogue: its page opens for a viewer and search finds it.
    const viewer = await asUser('viewer@reelfund.local');
    const filmPage = await viewer.page.goto(`/movie/${filmId}`);
    expect(filmPage?.status()).toBe(200);
    await expect(viewer.page.locator('h1').first().textContent()).resolves.toContain(title);
    await viewer.page.goto(`/search?q=${encodeURIComponent(title)}`);
    await expect.poll(() => viewer.page.locator(`a[href="/movie/${filmId}"]`).count()).toBeGreaterThan(0);
    await viewer.context.close();

    expect(creator.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
    await creator.context.close();
  });

  it('cancels an upload from the progress bar', async () => {
    const path = join(dir, 'cancelled-film.webm');
    writeFileSync(path, webm(6 * MIB));
    const creator = await asUser(CREATOR);
    await creator.page.route('**/api/uploads/*/parts/2', () => {});
    await creator.page.goto('/contributor/upload');
    await creator.page.setInputFiles('[data-video-uploader] [data-file]', path);
    const uploader = creator.page.locator('[data-video-uploader]');
    await creator.page.locator('[data-video-uploader][data-confirmed-parts="1"]').waitFor();
    const uploadId = (await uploader.getAttribute('data-upload-id')) ?? '';
    await uploader.locator('[data-cancel]').click();
    await creator.page.locator('[data-video-uploader][data-upload-state="choose"]').waitFor();
    await expect(toast(creator.page).textContent()).resolves.toContain(FILM_TEXT.uploadCancelledToast);
    const seen = await json<{ upload: Upload }>(await creator.context.request.get(`/api/uploads/${uploadId}`));
    expect(seen.upload.status).toBe('aborted');
    await creator.context.close();
  });

  it('refuses a file that is not a video by its content, whatever its name', async () => {
    const path = join(dir, 'not-a-video.mp4');
    writeFileSync(path, Buffer.from('This is a text file wearing an .mp4 name.'));
    const creator = await asUser(CREATOR);
    await creator.page.goto('/contributor/upload');
    await creator.page.setInputFiles('[data-video-uploader] [data-file]', path);
    const error = creator.page.locator('[data-video-uploader] [data-error]');
    await error.waitFor();
    await expect(error.textContent()).resolves.toBe(FILM_TEXT.notAVideo);
    await creator.context.close();
  });
});

describe('video review', () => {
  it('a rejected film shows its reason to the owner, who edits and resubmits it; others are sent away', async () => {
    const creator = await asUser(CREATOR);
    const title = unique('Rejected Film');
    const film = await filmViaApi(creator.context.request, title);

    const admin = await asUser(ADMIN);
    await admin.page.goto('/admin?tab=videos');
    const card = admin.page.locator(`[data-review-queue] [data-film="${film.id}"]`);
    await expect(card.locator('[data-reason]').isVisible()).resolves.toBe(false);
    await card.locator('[data-reject]').click();
    await card.locator('[data-confirm-reject]').click();
    await expect(card.locator('.film-reject-form .error-text').textContent()).resolves.toBe(FILM_TEXT.reasonRequired);
    const reason = 'The picture is black for the first two minutes.';
    await card.locator('[data-reason]').fill(reason);
    await card.locator('[data-confirm-reject]').click();
    await card.waitFor({ state: 'detached' });
    await expect(toast(admin.page).textContent()).resolves.toContain(FILM_TEXT.filmRejected);

    // The owner sees the state and the reason on My Films, and on the edit page.
    const { page } = creator;
    await page.goto('/contributor?tab=films');
    const row = page.locator(`[data-my-films] [data-film="${film.id}"]`);
    await expect(row.getAttribute('data-status')).resolves.toBe('rejected');
    await expect(row.locator('[data-review-reason]').textContent()).resolves.toContain(reason);
    await screenshot(page, 'my-films-rejected');
    await row.getByText('Edit and resubmit').click();
    await page.waitForURL(`**/contributor/edit/${film.id}`);
    await page.locator('[data-film-form]:not([aria-busy])').waitFor();
    // The current video plays from the owner's preview; the uploader only opens to replace it.
    await expect(page.locator('[data-video-preview]').getAttribute('src')).resolves.toMatch(
      `/api/studio/films/${film.id}/video`,
    );
    await expect(page.locator('[data-video-uploader]').isVisible()).resolves.toBe(false);
    await screenshot(page, 'edit-rejected-film');
    await expect(page.locator('[data-review-reason]').textContent()).resolves.toBe(reason);
    await expect(page.locator('#film-title').inputValue()).resolves.toBe(title);
    await expect(page.locator('[data-submit]').textContent()).resolves.toBe('Save and resubmit');
    await page.fill('#film-year', '1700');
    await page.click('[data-submit]');
    await expect(page.locator('[data-field-error="year"]').textContent()).resolves.toBe(
      FILM_TEXT.yearRange(new Date().getUTCFullYear() + 5),
    );
    await page.fill('#film-year', '2023');
    await page.fill('#film-description', 'The black opening is gone.');
    await page.click('[data-submit]');
    await page.waitForURL('**/contributor?tab=films');
    await expect(toast(page).textContent()).resolves.toContain(FILM_TEXT.filmResubmitted);
    await expect(page.locator(`[data-film="${film.id}"]`).getAttribute('data-status')).resolves.toBe('pending');

    // Another creator may not edit it: 404 from the API, and sent away from the page.
    const other = await asUser(OTHER_CREATOR);
    expect((await other.context.request.get(`/api/studio/films/${film.id}`)).status()).toBe(404);
    await other.page.goto(`/contributor/edit/${film.id}`);
    await other.page.waitForURL('**/contributor?tab=films');
    await expect(toast(other.page).textContent()).resolves.toContain(TEXT.videoNotFound);

    expect(creator.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await Promise.all([creator.context.close(), admin.context.close(), other.context.close()]);
  });
});

describe('the demo films', () => {
  it('state their clip’s measured length, are listed with it and save from the edit form without errors', async () => {
    const creator = await asUser(CREATOR);
    const { page, context } = creator;
    const films = await json<{ films: (Film & { runtimeSeconds: number | null })[] }>(
      await context.request.get('/api/studio/films'),
    );
    const seeded = films.films.find((f) => f.title === 'The Last Lighthouse');
    if (!seeded) throw new Error('the seeded film "The Last Lighthouse" is missing');
    expect(seeded.runtimeSeconds).toBe(6);

    // The stated runtime is the length Chromium reads from the file itself.
    await page.goto(`/movie/${seeded.id}`);
    const duration = await page
      .locator('[data-player-video]')
      .evaluate(
        (v: HTMLVideoElement) =>
          new Promise<number>((resolve) =>
            Number.isFinite(v.duration) && v.duration > 0
              ? resolve(v.duration)
              : v.addEventListener('loadedmetadata', () => resolve(v.duration), { once: true }),
          ),
      );
    expect(Math.round(duration)).toBe(seeded.runtimeSeconds);
    await expect(page.locator('.meta').first().textContent()).resolves.toContain('6 s');

    await page.goto('/contributor?tab=films');
    const row = page.locator(`[data-my-films] [data-film="${seeded.id}"]`);
    await expect(row.locator('.film-meta').textContent()).resolves.toContain('6 s');
    await row.getByText('Edit', { exact: true }).click();
    await page.waitForURL(`**/contributor/edit/${seeded.id}`);
    await page.locator('[data-film-form]:not([aria-busy])').waitFor();
    await expect(page.locator('#film-runtime').inputValue()).resolves.toBe('0:00:06');
    await page.click('[data-submit]');
    await page.waitForURL('**/contributor?tab=films');
    await expect(toast(page).textContent()).resolves.toContain(FILM_TEXT.filmSaved);
    await expect(page.locator(`[data-film="${seeded.id}"]`).getAttribute('data-status')).resolves.toBe('approved');
    expect(creator.errors).toEqual([]);
    await context.close();
  });
});

describe('captions', () => {
  it('are attached on add (one per language, a wrong file refused), relabelled and removed on edit, and play in the player', async () => {
    const creator = await asUser(CREATOR);
    const { page, context } = creator;
    await page.goto('/contributor/add-movie');
    await page.setInputFiles('[data-video-uploader] [data-file]', 'functions/seed/media/clip-city.webm');
    await page.locator('[data-video-uploader][data-upload-state="done"]').waitFor({ timeout: 30_000 });
    const title = unique('Captioned Film');
    await page.fill('#film-title', title);
    await page.fill('#film-description', 'A short film with captions in two languages.');
    if ((await page.locator('#film-category option').count()) > 1) {
      await page.selectOption('#film-category', { index: 1 });
    }
    await page.fill('#film-year', '2025');
    await expect.poll(() => page.inputValue('#film-runtime'), { timeout: 15_000 }).toMatch(/^0:00:0\d$/);

    const rows = page.locator('[data-caption-row]');
    await page.click('[data-add-caption]');
    // Not WebVTT by its first bytes, whatever its name: refused before anything is sent.
    await rows
      .nth(0)
      .locator('[data-caption-file]')
      .setInputFiles({
        name: 'subtitles.vtt',
        mimeType: 'text/vtt',
        buffer: Buffer.from('1\n00:00:00,000 --> 00:00:02,000\nAn SRT file\n'),
      });
    await expect.poll(() => rows.nth(0).locator('[data-caption-error]').textContent()).toBe(FILM_TEXT.captionsNotVtt);
    await rows.nth(0).locator('[data-caption-file]').setInputFiles('functions/seed/media/captions-en.vtt');
    await expect.poll(() => rows.nth(0).locator('[data-caption-error]').isHidden()).toBe(true);
    // The language comes from the file's name; the label is typed.
    await expect(rows.nth(0).locator('[data-caption-language]').inputValue()).resolves.toBe('en');
    await rows.nth(0).locator('[data-caption-label]').fill('English');
    await page.click('[data-add-caption]');
    await rows.nth(1).locator('[data-caption-file]').setInputFiles('functions/seed/media/captions-fr.vtt');
    await rows.nth(1).locator('[data-caption-label]').fill('Français');
    await screenshot(page, 'add-film-captions-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'add-film-captions-390');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.click('[data-submit]');
    await page.waitForURL('**/contributor?tab=films');
    await expect(toast(page).textContent()).resolves.toContain(FILM_TEXT.filmSubmitted);
    const filmId =
      (await page.locator('[data-my-films] [data-film]', { hasText: title }).getAttribute('data-film')) ?? '';
    type Track = { id: string; language: string; label: string; url: string };
    const tracksOf = async () =>
      (await json<{ film: { captions: Track[] } }>(await context.request.get(`/api/studio/films/${filmId}`))).film
        .captions;
    expect((await tracksOf()).map((t) => [t.language, t.label])).toEqual([
      ['en', 'English'],
      ['fr', 'Français'],
    ]);

    // The admin sees them in video review, and can read each file.
    const admin = await asUser(ADMIN);
    await admin.page.goto('/admin?tab=videos');
    const card = admin.page.locator(`[data-review-queue] [data-film="${filmId}"]`);
    await expect(card.locator('[data-review-captions]').textContent()).resolves.toBe(
      'Captions: English (en), Français (fr)',
    );
    await expect(card.locator('video track').count()).resolves.toBe(2);
    const href = (await card.locator('[data-caption-link="fr"]').getAttribute('href')) ?? '';
    const french = await admin.context.request.get(href);
    expect(await french.text()).toContain('Merci de regarder');
    await screenshot(admin.page, 'admin-review-captions');

    // Edit: the English track is relabelled, the French one removed.
    await page.goto(`/contributor/edit/${filmId}`);
    await page.locator('[data-film-form]:not([aria-busy])').waitFor();
    await expect(rows.count()).resolves.toBe(2);
    await rows.nth(0).locator('[data-caption-label]').fill('English (CC)');
    await rows.nth(1).locator('[data-remove-caption]').click();
    await expect(rows.nth(1).getAttribute('data-removed')).resolves.toBe('true');
    await screenshot(page, 'edit-film-captions');
    await page.click('[data-submit]');
    await page.waitForURL('**/contributor?tab=films');
    await expect(toast(page).textContent()).resolves.toContain(FILM_TEXT.filmSaved);
    const [english, ...rest] = await tracksOf();
    expect(rest).toEqual([]);
    expect(english).toMatchObject({ language: 'en', label: 'English (CC)' });
    expect((await context.request.get(href)).status()).toBe(404);

    // The player (the owner may watch it before review): a CC button and the track's cues.
    await page.goto(`/movie/${filmId}`);
    await page.locator('media-captions-button').waitFor();
    const track = page.locator('[data-player-video] track[kind="captions"]');
    await expect(track.getAttribute('label')).resolves.toBe('English (CC)');
    await expect(track.getAttribute('srclang')).resolves.toBe('en');
    const cues = () =>
      page.locator('[data-player-video]').evaluate((v: HTMLVideoElement) => {
        const t = v.textTracks[0];
        if (!t) return -1;
        t.mode = 'showing';
        return t.cues?.length ?? 0;
      });
    await expect.poll(cues, { timeout: 10_000 }).toBe(3);

    expect(creator.errors).toEqual([]);
    expect(admin.errors).toEqual([]);
    await admin.context.close();
    await context.close();
  });
});
