import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, signIn, signUp } from './api';
import { launchBrowser, newPage } from './browser';

/** The header at phone and desktop widths, used the way a person does: taps and clicks at coordinates. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const center = async (el: Locator) => {
  const box = await el.boundingBox();
  if (!box) throw new Error('the element has no box (not rendered)');
  return { x: box.x + box.width / 2, y: box.y + box.height / 2, box };
};
const tap = async (page: Page, el: Locator) => {
  const { x, y } = await center(el);
  await page.touchscreen.tap(x, y);
};
const ready = (page: Page, state = 'signed-in') =>
  expect.poll(() => page.locator('.site-header').getAttribute('data-session')).toBe(state);
const path = (page: Page) => new URL(page.url()).pathname;
/** What the viewport shows, under test-results/ for a person to look at (never asserted on). */
const screenshot = (page: Page, name: string) => page.screenshot({ path: `test-results/${name}.png` });

const ADMIN_LINKS = [
  ['/', 'Home'],
  ['/browse-by-category', 'Browse'],
  ['/campaigns', 'Campaigns'],
  ['/new-and-popular', 'Popular Movies'],
  ['/my-list', 'My List'],
  ['/join-us', 'Join Us'],
  ['/contributor', 'Creators'],
  ['/admin', 'Admin'],
  ['/admin/payouts', 'Payouts'],
  ['/messages', 'Messages'],
] as const;

describe('the drawer at 375 px (touch)', () => {
  const phone = { viewport: { width: 375, height: 740 }, hasTouch: true, isMobile: true };

  it('a tap on each item navigates (admin), and Sign Out signs out', async () => {
    const { page, context, errors } = await newPage(browser, phone);
    await signIn(context, 'admin@reelfund.local');
    const items: [string, string][] = [
      ...ADMIN_LINKS.filter(([href]) => href !== '/messages').map(([h, l]): [string, string] => [h, l]),
      ['/notifications', 'Notifications'],
      ['/messages', 'Messages'],
      // The admin counts as a creator: their own payouts, beside the platform's.
      ['/contributor/payouts', 'My Payouts'],
      ['/account', 'Account Settings'],
    ];
    for (const [href, label] of items) {
      await page.goto('/terms');
      await ready(page);
      await tap(page, page.locator('[data-drawer-open]'));
      const drawer = page.locator('#site-drawer');
      await drawer.waitFor({ state: 'visible' });
      const link = drawer.locator(`a[href="${href}"]`);
      expect((await link.innerText()).trim()).toMatch(new RegExp(`^${label}`));
      await tap(page, link);
      await expect.poll(() => path(page)).toBe(href);
    }
    expect(errors).toEqual([]);
    await context.close();
    // Sign Out is global (every session of the account ends): tapped by an account of its own, so the
    // demo admin's sessions in other tests running at the same time live on.
    const own = await newPage(browser, phone);
    await signUp(own.context, 'drawerout');
    await own.page.goto('/terms');
    await ready(own.page);
    await tap(own.page, own.page.locator('[data-drawer-open]'));
    await own.page.locator('#site-drawer').waitFor({ state: 'visible' });
    await tap(own.page, own.page.locator('#site-drawer [data-sign-out]'));
    await expect.poll(() => path(own.page)).toBe('/');
    await ready(own.page, 'signed-out');
    expect(own.errors).toEqual([]);
    await own.context.close();
  }, 120_000);

  it('is full height with 44 px targets and the unread count; Esc, ✕ and a tap outside close it; focus stays inside', async () => {
    const sender = await newPage(browser);
    await signIn(sender.context, 'creator@reelfund.local');
    const { page, context } = await newPage(browser, phone);
    const me = await signUp(context, 'drawer');
    for (const message of ['First', 'Second']) {
      await apiJson(sender.context, 'POST', `/api/messages/${me.id}`, { subject: '', message });
    }
    await page.goto('/terms');
    await ready(page);
    await page.waitForLoadState('networkidle');
    const drawer = page.locator('#site-drawer');
    const open = async () => {
      await tap(page, page.locator('[data-drawer-open]'));
      await drawer.waitFor({ state: 'visible' });
    };
    await open();
    const box = (await drawer.boundingBox()) ?? { y: -1, height: 0 };
    expect(box.y).toBe(0);
    expect(box.height).toBe(740);
    await expect.poll(() => drawer.locator('a[href="/notifications"] [data-unread-count]').textContent()).toBe('2');
    for (const el of await drawer.locator('a:visible, button:visible').all()) {
      expect((await el.boundingBox())?.height ?? 0, await el.innerText()).toBeGreaterThanOrEqual(44);
    }
    await screenshot(page, 'header-drawer-375');
    // Focus: Tab and Shift+Tab never leave the open drawer.
    for (const key of [...Array(14).fill('Tab'), ...Array(14).fill('Shift+Tab')]) {
      await page.keyboard.press(key);
      expect(await page.evaluate(() => Boolean(document.activeElement?.closest('#site-drawer')))).toBe(true);
    }
    await page.keyboard.press('Escape');
    await drawer.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-drawer-open'))).toBe(true);
    await open();
    await tap(page, drawer.locator('[data-drawer-close]'));
    await drawer.waitFor({ state: 'hidden' });
    await open();
    await page.touchscreen.tap(360, 500);
    await drawer.waitFor({ state: 'hidden' });
    expect(path(page)).toBe('/terms');
    await context.close();
    await sender.context.close();
  }, 120_000);

  it('the menu button shows the unread count, live as the bell does, and says it in its label', async () => {
    const sender = await newPage(browser);
    await signIn(sender.context, 'creator@reelfund.local');
    const { page, context, errors } = await newPage(browser, phone);
    const me = await signUp(context, 'menucount');
    await page.goto('/terms');
    await ready(page);
    // The bell is hidden on phones, but its socket listens (the count comes live through it).
    await page.waitForSelector('[data-bell-root][data-live="open"]', { state: 'attached' });
    const toggle = page.locator('[data-drawer-open]');
    const count = toggle.locator('[data-unread-count]');
    expect(await count.isVisible()).toBe(false);
    expect(await toggle.getAttribute('aria-label')).toBe('Open menu');
    await apiJson(sender.context, 'POST', `/api/messages/${me.id}`, { subject: '', message: 'Hello' });
    await expect.poll(() => count.textContent()).toBe('1');
    expect(await count.isVisible()).toBe(true);
    expect(await toggle.getAttribute('aria-label')).toBe('Open menu, 1 unread');
    await apiJson(sender.context, 'POST', `/api/messages/${me.id}`, { subject: '', message: 'Again' });
    await expect.poll(() => toggle.getAttribute('aria-label')).toBe('Open menu, 2 unread');
    expect(await count.textContent()).toBe('2');
    await screenshot(page, 'header-menu-count-375');
    expect(errors).toEqual([]);
    await context.close();
    await sender.context.close();
  }, 60_000);

  it('the search box shows its placeholder whole, signed in and signed out', async () => {
    for (const email of [null, 'creator@reelfund.local']) {
      const { page, context } = await newPage(browser, phone);
      if (email) await signIn(context, email);
      await page.goto('/terms');
      await ready(page, email ? 'signed-in' : 'signed-out');
      const fit = await page.locator('#site-search').evaluate((input: HTMLInputElement) => {
        const style = getComputedStyle(input);
        const ctx = document.createElement('canvas').getContext('2d') as CanvasRenderingContext2D;
        ctx.font = style.font;
        const room = input.clientWidth - Number.parseFloat(style.paddingLeft) - Number.parseFloat(style.paddingRight);
        return { placeholder: input.placeholder, fits: ctx.measureText(input.placeholder).width <= room };
      });
      expect(fit).toEqual({ placeholder: 'Search', fits: true });
      await context.close();
    }
  });
});

describe('the header while the session is read', () => {
  it("does not move when a signed-out visitor's Sign in appears (no layout shift)", async () => {
    const { page, context, errors } = await newPage(browser, { viewport: { width: 412, height: 823 }, isMobile: true });
    // The session's answer is held until the page has painted without it, as on a slow network.
    let release: () => void = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(/\/api\/me(\?|$)/, async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/terms');
    await page.locator('#site-search').waitFor();
    await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
    expect(await page.locator('.site-header').getAttribute('data-session')).toBe('loading');
    // Where the search field and the wallet button sit before the session is known, and after.
    const boxes = () =>
      Promise.all(['form.search', '[data-wallet-open]'].map((selector) => page.locator(selector).boundingBox()));
    const before = await boxes();
    release();
    await expect.poll(() => page.locator('.site-header').getAttribute('data-session')).toBe('signed-out');
    await expect(page.locator('.account [data-when="signed-out"]').isVisible()).resolves.toBe(true);
    expect(await boxes()).toEqual(before);
    expect(errors).toEqual([]);
    await context.close();
  });
});

describe("a creator's own payouts", () => {
  it('the avatar menu leads a creator to /contributor/payouts; a viewer has no such item', async () => {
    const { page, context } = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await signIn(context, 'creator@reelfund.local');
    await page.goto('/terms');
    await ready(page);
    await page.locator('[data-menu-button]').click();
    const item = page.locator('#avatar-menu [role="menuitem"][href="/contributor/payouts"]');
    expect((await item.textContent())?.trim()).toBe('My Payouts');
    // The menu's name line shows who is signed in.
    expect(await page.locator('#avatar-menu [data-who]').textContent()).toBe('cora_creator');
    await screenshot(page, 'header-avatar-menu-1366');
    await item.click();
    await expect.poll(() => path(page)).toBe('/contributor/payouts');
    await context.close();

    const viewer = await newPage(browser, { viewport: { width: 1366, height: 800 } });
    await signIn(viewer.context, 'viewer@reelfund.local');
    await viewer.page.goto('/terms');
    await ready(viewer.page);
    await viewer.page.locator('[data-menu-button]').click();
    await viewer.page.locator('#avatar-menu').waitFor({ state: 'visible' });
    expect(await viewer.page.locator('#avatar-menu a[href="/contributor/payouts"]').isVisible()).toBe(false);
    await viewer.context.close();
  });
});

describe('desktop widths: every link of every role reachable in one click', () => {
  const roles = [
    ['viewer@reelfund.local', ['/', '/browse-by-category', '/campaigns', '/new-and-popular', '/my-list', '/join-us']],
    [
      'creator@reelfund.local',
      [
        '/',
        '/browse-by-category',
        '/campaigns',
        '/new-and-popular',
        '/my-list',
        '/join-us',
        '/contributor',
        '/messages',
      ],
    ],
    ['admin@reelfund.local', ADMIN_LINKS.map(([href]) => href)],
  ] as const;

  /** The link to click for `href`: whole in the row, or in the "More" list after opening it. */
  async function reach(page: Page, href: string): Promise<Locator> {
    const inRow = page.locator(`.nav a[href="${href}"]`);
    if (await inRow.isVisible()) {
      const whole = await inRow.evaluate((a) => {
        const r = a.getBoundingClientRect();
        const nav = (a.closest('nav') as HTMLElement).getBoundingClientRect();
        const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
        return r.left >= nav.left && r.right <= nav.right + 0.5 && a.scrollWidth <= a.clientWidth && hit === a;
      });
      expect(whole, `${href} is whole in the row`).toBe(true);
      return inRow;
    }
    const more = page.locator('[data-more-button]');
    expect(await more.isVisible(), `${href} is hidden, so "More" shows`).toBe(true);
    if ((await more.getAttribute('aria-expanded')) !== 'true') await more.click();
    const inMore = page.locator(`.more-list a[href="${href}"]`);
    expect(await inMore.isVisible(), `${href} is in "More"`).toBe(true);
    return inMore;
  }

  // One test per width and role, each with its own budget; on a failure the last step taken is printed
  // (a step that never ends otherwise shows only as the test's time-out).
  for (const width of [800, 1024, 1280, 1366, 1920]) {
    for (const [email, hrefs] of roles) {
      it(`${width} px, ${email.split('@')[0]}`, async ({ onTestFailed }) => {
        let step = 'opening a page';
        onTestFailed(() => console.error(`header ${width} px, ${email}: the last step was ${step}`));
        const { page, context } = await newPage(browser, { viewport: { width, height: 800 } });
        step = 'signing in';
        await signIn(context, email);
        step = 'loading /terms';
        await page.goto('/terms');
        await ready(page);
        step = 'checking the row';
        // From 1280 px every link is in the row; narrower, "More" holds the rest and nothing wraps
        // (checked before "More" is opened: its open list hangs below the bar).
        if (width >= 1280) {
          await expect.poll(() => page.locator('.nav a:visible').count()).toBe(hrefs.length);
          expect(await page.locator('[data-more-button]').isVisible()).toBe(false);
        }
        const oneLine = await page.evaluate(() => {
          const bar = document.querySelector('.bar') as HTMLElement;
          const shown = [...bar.querySelectorAll<HTMLElement>('.nav a, .more-btn, .account > *')].filter(
            (el) => el.offsetParent !== null,
          );
          return bar.scrollHeight <= bar.clientHeight && shown.every((el) => el.getClientRects().length === 1);
        });
        expect(oneLine, `${email}: the header is one line`).toBe(true);
        for (const href of hrefs) {
          step = `finding ${href}`;
          await reach(page, href);
        }
        const shown = await page.locator('.nav a:visible, .more-list a[data-more-for]:not([hidden])').count();
        expect(shown, `${email}: each link once, in the row or in "More"`).toBe(hrefs.length);
        if (email.startsWith('admin')) {
          if (width === 1366 || width === 1280 || width === 800) {
            step = 'taking a screenshot';
            await screenshot(page, `header-admin-${width}`);
          }
          for (const href of hrefs) {
            step = `loading /terms to click ${href}`;
            await page.goto('/terms');
            await ready(page);
            step = `clicking ${href}`;
            const { x, y } = await center(await reach(page, href));
            await page.mouse.click(x, y);
            await expect.poll(() => path(page)).toBe(href);
          }
        }
        step = 'closing the page';
        await context.close();
      }, 120_000);
    }
  }
});
