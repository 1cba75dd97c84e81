import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../functions/domain/texts';
import { baseUrl, launchBrowser, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);

async function signInViaApi(context: BrowserContext, email: string, password: string) {
  const res = await context.request.post(`${baseUrl()}/api/auth/sign-in/email`, {
    data: { email, password },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
}

async function openAvatarMenu(page: Page) {
  await page.locator('[data-menu-button]').click();
  await page.locator('#avatar-menu').waitFor({ state: 'visible' });
}

describe('accounts in the browser', () => {
  it('sign up → sign out → sign in → forgot password → reset through the outbox → sign in with the new password', async () => {
    const { page, context, errors } = await newPage(browser);
    const username = `reel_${uid()}`;
    const email = `${username}@example.test`;

    // Sign up
    await page.goto('/auth?mode=sign-up');
    await page.fill('#su-email', email);
    await page.fill('#su-username', username);
    await page.fill('#su-password', 'first-password-1');
    await page.click('[data-panel="sign-up"] button[type="submit"]');
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => page.locator('.site-header [data-menu-button] [data-who]').textContent()).toBe(username);

    // Sign out from the avatar menu: home, with the toast
    await openAvatarMenu(page);
    await Promise.all([page.waitForEvent('framenavigated'), page.click('#avatar-menu [data-sign-out]')]);
    expect(new URL(page.url()).pathname).toBe('/');
    await expect.poll(() => page.locator('[data-toast]').first().textContent()).toContain(TEXT.signedOut);
    await expect.poll(() => page.locator('.site-header').getAttribute('data-session')).toBe('signed-out');

    // Sign in again
    await page.goto('/auth');
    await page.fill('#si-email', email);
    await page.fill('#si-password', 'first-password-1');
    await page.click('[data-panel="sign-in"] button[type="submit"]');
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => page.locator('.site-header').getAttribute('data-session')).toBe('signed-in');
    await openAvatarMenu(page);
    await Promise.all([page.waitForEvent('framenavigated'), page.click('#avatar-menu [data-sign-out]')]);

    // Forgot password → the dev outbox has the link
    await page.goto('/auth');
    await page.click('[data-go="forgot"]');
    await page.fill('#fp-email', email);
    await page.click('[data-panel="forgot"] button[type="submit"]');
    await expect.poll(() => page.locator('[data-panel="forgot"] [data-ok]').textContent()).toContain('on its way');
    const outbox = await context.request.get(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(email)}`);
    const { mails } = (await outbox.json()) as { mails: { text: string; subject: string }[] };
    expect(mails[0]?.subject).toBe('Reset your Reelfund password');
    const link = mails[0]?.text.match(/https?:\/\/\S+/)?.[0];
    expect(link).toBeTruthy();

    // The link lands on /auth with a recovery type: the reset form opens
    await page.goto(link as string);
    await page.waitForURL(/\/auth\?type=recovery/);
    await page.locator('[data-panel="reset"]').waitFor({ state: 'visible' });
    await page.fill('#rp-password', 'second-password-2');
    await page.fill('#rp-confirm', 'second-password-2');
    await page.click('[data-panel="reset"] button[type="submit"]');
    await page.locator('[data-panel="sign-in"]').waitFor({ state: 'visible' });

    // Old password refused, new one works
    await page.fill('#si-email', email);
    await page.fill('#si-password', 'first-password-1');
    await page.click('[data-panel="sign-in"] button[type="submit"]');
    await expect.poll(() => page.locator('[data-panel="sign-in"] [data-error]').textContent()).toMatch(/invalid/i);
    await page.fill('#si-password', 'second-password-2');
    await page.click('[data-panel="sign-in"] button[type="submit"]');
    await page.waitForURL(`${baseUrl()}/`);
    await expect.poll(() => page.locator('.site-header').getAttribute('data-session')).toBe('signed-in');
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows the avatar menu with its items (a creator's own payouts too) and the username", async () => {
    const { page, context } = await newPage(browser);
    await signInViaApi(context, 'creator@reelfund.local', 'reelfund-demo');
    await page.goto('/');
    await openAvatarMenu(page);
    const items = await page.locator('#avatar-menu [role="menuitem"]').allTextContents();
    expect(items.map((t) => t.trim())).toEqual([
      'Account Settings',
      'Notifications',
      'My backing',
      'Messages',
      'My Payouts',
      'Sign Out',
    ]);
    expect(await page.locator('.site-header [data-menu-button] [data-who]').textContent()).toBe('cora_creator');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.locator('#avatar-menu').isVisible()).toBe(false);
    await context.close();
  });

  it('under 768 px: a side drawer instead of the links, no bell or avatar menu', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 375, height: 800 } });
    await signInViaApi(context, 'viewer@reelfund.local', 'reelfund-demo');
    await page.goto('/');
    await expect.poll(() => page.locator('.site-header').getAttribute('data-session')).toBe('signed-in');
    expect(await page.locator('.nav').isVisible()).toBe(false);
    expect(await page.locator('[data-menu-button]').isVisible()).toBe(false);
    expect(await page.locator('[data-bell-button]').isVisible()).toBe(false);
    await page.click('[data-drawer-open]');
    const drawer = page.locator('#site-drawer');
    await drawer.waitFor({ state: 'visible' });
    expect(await drawer.locator('a[href="/browse-by-category"]').isVisible()).toBe(true);
    expect(await drawer.locator('[data-sign-out]').isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    await context.close();
  });

  it('header search: Enter goes to /search with the trimmed, encoded text; empty does nothing', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/faq');
    await page.fill('#site-search', '   ');
    await page.press('#site-search', 'Enter');
    await page.waitForTimeout(300);
    expect(new URL(page.url()).pathname).toBe('/faq');
    await page.fill('#site-search', '  the long night & day  ');
    await page.press('#site-search', 'Enter');
    await page.waitForURL(/\/search\?/);
    expect(new URL(page.url()).search).toBe(`?q=${encodeURIComponent('the long night & day')}`);
    await context.close();
  });

  it.each([
    ['viewer@reelfund.local', []],
    ['user@reelfund.local', []],
    ['creator@reelfund.local', ['/contributor', '/messages']],
    ['editor@reelfund.local', ['/messages']],
    ['admin@reelfund.local', ['/contributor', '/admin', '/admin/payouts', '/messages']],
  ])('role links for %s', async (email, extra) => {
    const { page, context } = await newPage(browser);
    await signInViaApi(context, email, 'reelfund-demo');
    await page.goto('/');
    await expect.poll(() => page.locator('.site-header').getAttribute('data-session')).toBe('signed-in');
    // Each link once: in the row, or (when the row is full) behind "More", in the same order.
    const visible = await page
      .locator('.nav a:visible, .more-list a[data-more-for]:not([hidden])')
      .evaluateAll((as) => as.map((a) => a.getAttribute('href')));
    expect(visible).toEqual([
      '/',
      '/browse-by-category',
      '/campaigns',
      '/new-and-popular',
      '/my-list',
      '/join-us',
      ...extra.filter((h) => h === '/contributor'),
      ...extra.filter((h) => h.startsWith('/admin')),
      ...extra.filter((h) => h === '/messages'),
    ]);
    await context.close();
  });

  it('a signed-out visitor opening a protected page goes to /auth and comes back after signing in', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/account');
    await page.waitForURL(/\/auth\?redirect=%2Faccount/);
    await page.fill('#si-email', 'user@reelfund.local');
    await page.fill('#si-password', 'reelfund-demo');
    await page.click('[data-panel="sign-in"] button[type="submit"]');
    await page.waitForURL(`${baseUrl()}/account`);
    await context.close();
  });

  it('when the session ends in an open tab, a protected page shows Redirecting... and goes to /auth', async () => {
    const { page, context } = await newPage(browser);
    await signInViaApi(context, 'creator2@reelfund.local', 'reelfund-demo');
    await page.goto('/contributor');
    expect(new URL(page.url()).pathname).toBe('/contributor');
    const seen: string[] = [];
    await page.exposeFunction('reportGuard', (text: string) => seen.push(text));
    await page.evaluate(() => {
      const el = document.querySelector('[data-auth-guard-text]') as HTMLElement;
      const report = (window as unknown as { reportGuard: (t: string) => void }).reportGuard;
      new MutationObserver(() => report(el.textContent ?? '')).observe(el, {
        childList: true,
        characterData: true,
        subtree: true,
      });
    });
    await context.clearCookies();
    // The next session check (on focus/visibility or the 30 s tick) finds no session.
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    await page.waitForURL(/\/auth\?redirect=%2Fcontributor/);
    expect(seen).toContain(TEXT.redirecting);
    await context.close();
  });
});
