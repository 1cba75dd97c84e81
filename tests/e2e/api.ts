import type { BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { webm } from '../support/media';
import { baseUrl } from './browser';

/** Helpers for browser tests that set up their own accounts and data through the API. */

export const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);

/** The password of every demo account the seed makes. */
export const DEMO_PASSWORD = 'reelfund-demo';

/** YYYY-MM-DD, `days` from today in the browser's (and the machine's) local time. */
export const localDate = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

export async function signIn(context: BrowserContext, email: string, password = DEMO_PASSWORD) {
  const res = await context.request.post(`${baseUrl()}/api/auth/sign-in/email`, {
    data: { email, password },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
}

/** A brand-new account (role viewer only: an invitee need not be a creator). */
export async function signUp(context: BrowserContext, prefix = 'guest') {
  const username = `${prefix}_${uid()}`;
  const res = await context.request.post(`${baseUrl()}/api/auth/sign-up/email`, {
    data: { email: `${username}@example.test`, password: 'guest-password-1', name: username },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
  const me = (await (await context.request.get(`${baseUrl()}/api/me`)).json()) as { user: { id: string } };
  return { username, id: me.user.id };
}

/** An API call in the context's session; fails the test on any non-2xx answer. */
export async function apiJson<T>(context: BrowserContext, method: string, path: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(`${baseUrl()}${path}`, {
    method,
    data,
    headers: { origin: baseUrl(), 'content-type': 'application/json' },
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** Opens a page and waits until its islands are hydrated (Astro drops `ssr` from each island then). */
export async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client="intent"])').length === 0);
}

export const toastText = (page: Page, text: string) =>
  expect.poll(async () => (await page.locator('[data-toast]').allTextContents()).join(' | ')).toContain(text);

/**
 * A new approved film of the signed-in creator, made through the API: a small upload, the film, and a
 * demo admin's approval (in a context of its own, closed after).
 */
export async function approvedFilm(creator: BrowserContext, title: string, description = 'Made for a test.') {
  const headers = { origin: baseUrl() };
  const bytes = webm(4096);
  const start = await creator.request.post('/api/uploads', {
    headers,
    data: {
      kind: 'video',
      fileName: 'film.webm',
      size: bytes.length,
      head: Buffer.from(bytes.subarray(0, 64)).toString('base64'),
    },
  });
  expect(start.ok(), await start.text()).toBe(true);
  const { upload } = (await start.json()) as { upload: { id: string } };
  const part = await creator.request.put(`/api/uploads/${upload.id}/parts/1`, {
    headers: { ...headers, 'content-type': 'application/octet-stream' },
    data: Buffer.from(bytes),
  });
  expect(part.ok(), await part.text()).toBe(true);
  await apiJson(creator, 'POST', `/api/uploads/${upload.id}/complete`, {});
  const { categories } = await apiJson<{ categories: { id: string }[] }>(creator, 'GET', '/api/studio/categories');
  const { film } = await apiJson<{ film: { id: string; title: string } }>(creator, 'POST', '/api/films', {
    title,
    description,
    year: 2024,
    runtimeSeconds: 600,
    videoUploadId: upload.id,
    categoryId: categories[0]?.id,
  });
  const browser = creator.browser();
  if (!browser) throw new Error('a browser context of a launched browser');
  const admin = await browser.newContext({ baseURL: baseUrl() });
  try {
    await signIn(admin, 'admin@reelfund.local');
    await apiJson(admin, 'POST', `/api/films/${film.id}/approve`, {});
  } finally {
    await admin.close();
  }
  return { id: film.id, title };
}

/**
 * One of the signed-in creator's films without a campaign: a seeded one while any is left (the seed
 * leaves each demo creator several), else a new approved one, so the suite never runs out of them.
 */
export async function freeFilm(context: BrowserContext) {
  const mine = await apiJson<{ filmsWithoutCampaign: { id: string; title: string }[] }>(
    context,
    'GET',
    '/api/campaigns/mine',
  );
  return mine.filmsWithoutCampaign[0] ?? (await approvedFilm(context, `Free film ${uid()}`));
}
