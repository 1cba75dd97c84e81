import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../functions/seed/demo-users';
import { type OwnServer, ownServer } from '../support/own-server';
import { launchBrowser } from './browser';

/**
 * The coming-soon gate in Chromium. Switching the gate on locks the whole site, so this file runs
 * its own server (the build is shared) instead of the one the other browser tests use at the same
 * time; it still switches the gate off when it ends.
 */
const PASSCODE = 'preview-2026';

let server: OwnServer;
let browser: Browser;
let adminCookie = '';

async function setGate(body: { comingSoonEnabled: boolean; passcode?: string }) {
  const res = await fetch(`${server.url}/api/admin/site-settings`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', origin: server.url, cookie: adminCookie },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`PUT site-settings: ${res.status} ${await res.text()}`);
}

// A server of its own, on a copy of the seeded demo.
beforeAll(async () => {
  server = await ownServer('gate');
  browser = await launchBrowser();
  const res = await fetch(`${server.url}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: server.url },
    body: JSON.stringify({ email: 'admin@reelfund.local', password: DEMO_PASSWORD }),
  });
  if (!res.ok) throw new Error(`admin sign-in: ${res.status}`);
  adminCookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  await setGate({ comingSoonEnabled: true, passcode: PASSCODE });
}, 300_000);

afterAll(async () => {
  if (adminCookie) await setGate({ comingSoonEnabled: false }).catch(() => {});
  await browser?.close();
  await server?.stop();
});

async function freshContext(): Promise<{ context: BrowserContext; problems: string[] }> {
  const context = await browser.newContext({ baseURL: server.url });
  const problems: string[] = [];
  context.on('weberror', (e) => problems.push(e.error().message));
  context.on('console', (m) => {
    if (/Content Security Policy/.test(m.text())) problems.push(m.text());
  });
  return { context, problems };
}

const comingSoon = (page: Page) => page.locator('[data-coming-soon] h1', { hasText: 'Coming Soon' });
const siteHeader = (page: Page) => page.locator('header.site-header');

describe('coming-soon gate in the browser', () => {
  it('shows a locked-out visitor only the Coming Soon page, and leaves the exempt pages open', async () => {
    const { context, problems } = await freshContext();
    const page = await context.newPage();
    await page.goto('/');
    await expect(comingSoon(page).isVisible()).resolves.toBe(true);
    expect(await siteHeader(page).count()).toBe(0);
    await page.goto('/faq');
    await siteHeader(page).waitFor();
    expect(await comingSoon(page).count()).toBe(0);
    expect(problems).toEqual([]);
    await context.close();
  });

  it('unlocks with the passcode in one tab and the other tab follows; reload stays unlocked; Reset locks both', async () => {
    const { context, problems } = await freshContext();
    const first = await context.newPage();
    const second = await context.newPage();
    await first.goto('/');
    await second.goto('/');
    await comingSoon(second).waitFor();

    await first.bringToFront();
    // A wrong passcode: still locked, and nothing is said.
    // biome-ignore lint/performance/useDomNodeTextContent: the text a visitor sees (a message unhidden would show here)
    const before = await first.locator('body').innerText();
    await first.fill('#coming-soon-passcode', 'not-it');
    await first.click('[data-coming-soon-form] button');
    await first.waitForFunction(
      () => (document.querySelector('#coming-soon-passcode') as HTMLInputElement).value === '',
    );
    // biome-ignore lint/performance/useDomNodeTextContent: as above
    expect(await first.locator('body').innerText()).toBe(before);
    expect(await first.locator('[role="alert"]').count()).toBe(0);

    await first.fill('#coming-soon-passcode', PASSCODE);
    await first.click('[data-coming-soon-form] button');
    await siteHeader(first).waitFor();
    await siteHeader(second).waitFor(); // the other tab unlocked by itself
    expect(await first.evaluate(() => localStorage.getItem('coming_soon_authorized'))).toBe('true');
    await first.waitForFunction(() => sessionStorage.getItem('coming_soon_settings') === '{"enabled":true}');
    const cookies = await context.cookies();
    expect(cookies.find((c) => c.name === 'reelfund.coming_soon_access')?.httpOnly).toBe(true);

    await second.reload();
    await siteHeader(second).waitFor();
    expect(await comingSoon(second).count()).toBe(0);

    await first.bringToFront();
    await first.locator('[data-coming-soon-access] [data-coming-soon-reset]').click();
    await comingSoon(first).waitFor();
    await comingSoon(second).waitFor(); // and the other tab locked again
    expect(await first.evaluate(() => localStorage.getItem('coming_soon_authorized'))).toBeNull();
    expect(problems).toEqual([]);
    await context.close();
  });

  it('is not unlocked by the local flag alone', async () => {
    const { context } = await freshContext();
    await context.addInitScript(() => localStorage.setItem('coming_soon_authorized', 'true'));
    const page = await context.newPage();
    await page.goto('/');
    await expect(comingSoon(page).isVisible()).resolves.toBe(true);
    await context.close();
  });

  it('lets an admin in, preview the page with Reset, and switch the gate off in Site settings', async () => {
    const { context, problems } = await freshContext();
    const login = await context.request.post('/api/auth/sign-in/email', {
      data: { email: 'admin@reelfund.local', password: DEMO_PASSWORD },
      headers: { origin: server.url },
    });
    expect(login.status()).toBe(200);
    const page = await context.newPage();
    await page.goto('/');
    await siteHeader(page).waitFor();

    await page.goto('/admin/coming-soon-preview');
    await comingSoon(page).waitFor();
    await page.click('[data-coming-soon-reset]');
    await page.locator('[data-coming-soon-reset-note]').waitFor();

    await page.goto('/admin?tab=settings');
    const enabled = page.locator('[data-site-settings-enabled]');
    await page.locator('[data-site-settings-form]:not([aria-busy])').waitFor();
    expect(await enabled.isChecked()).toBe(true);
    await enabled.uncheck();
    await page.click('[data-site-settings-save]');
    await page.locator('[data-toast="success"]', { hasText: 'Site settings saved' }).waitFor();
    expect(problems).toEqual([]);
    await context.close();

    const visitor = await freshContext();
    const open = await visitor.context.newPage();
    await open.goto('/');
    await siteHeader(open).waitFor();
    expect(await comingSoon(open).count()).toBe(0);
    await visitor.context.close();
  });

  it('shows a loading screen on non-exempt pages until the settings arrive (once per tab)', async () => {
    const { context } = await freshContext();
    const page = await context.newPage();
    let release: () => void = () => {};
    const held = new Promise<void>((r) => (release = r));
    await page.route('**/api/gate/status', async (route) => {
      await held;
      await route.continue();
    });
    const screen = page.locator('.coming-soon-loading');

    await page.goto('/faq'); // exempt: no loading screen even while the settings are pending
    expect(await screen.isVisible()).toBe(false);
    await page.goto('/');
    await screen.waitFor({ state: 'visible' });
    release();
    await screen.waitFor({ state: 'hidden' });
    // The settings are now cached in this tab: the next page shows no loading screen.
    await page.goto('/');
    expect(await screen.isVisible()).toBe(false);
    await context.close();
  });
});
