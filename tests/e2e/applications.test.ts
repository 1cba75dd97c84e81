import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { APPLICATION_TEXT } from '../../functions/domain/applications/texts';
import { apiJson, open, signIn, toastText, uid } from './api';
import { baseUrl, launchBrowser, newPage, screenshot as save } from './browser';
import { tap } from './tap';

/* Issue 42: apply from /apply, the admin decides in /admin?tab=applications, the mailed link makes a creator. */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A screenshot once the gate's loading screen is gone (it covers the page until the settings arrive). */
async function screenshot(page: Page, name: string) {
  await page.waitForFunction(() => !document.documentElement.hasAttribute('data-coming-soon-loading'));
  await save(page, name);
}

async function mails(context: BrowserContext, to: string) {
  const res = await context.request.get(`${baseUrl()}/api/dev/outbox?to=${encodeURIComponent(to)}`);
  return ((await res.json()) as { mails: { subject: string; text: string }[] }).mails;
}

/** A signed-out person applies through the form and sees the confirmation. */
async function applyAsGuest(width = 1366) {
  const email = `applicant_${uid()}@example.test`;
  const name = `Ada ${uid()}`;
  const { context, page, errors } = await newPage(browser, { viewport: { width, height: 900 } });
  await open(page, '/apply');
  await page.locator('#apply-name').fill(name);
  await page.locator('#apply-email').fill(email);
  await page.locator('#apply-work').fill('Short documentaries about rivers');
  await page.locator('#apply-links').fill('https://example.com/reel\nhttps://example.com/other');
  await page.locator('#apply-film').fill('A feature about the last ferry on the Elbe');
  await page.locator('#apply-heard').fill('A friend');
  await tap(page, '[data-apply-form] button[type="submit"]');
  await expect.poll(() => page.locator('[data-apply-sent]').isVisible()).toBe(true);
  expect(await page.locator('[data-apply-sent]').textContent()).toContain(APPLICATION_TEXT.applicationSentTitle);
  await expect
    .poll(async () => (await mails(context, email)).map((m) => m.subject))
    .toContain(APPLICATION_TEXT.applicationMailSubject);
  return { email, name, context, page, errors };
}

async function adminPage(width = 1366) {
  const admin = await newPage(browser, { viewport: { width, height: 900 } });
  await signIn(admin.context, 'admin@reelfund.local');
  await open(admin.page, '/admin?tab=applications');
  return admin;
}

describe('becoming a creator from the app', () => {
  it('a signed-out person applies, the admin approves, the mailed link makes a contributor who can add a film', async () => {
    const guest = await applyAsGuest(375);
    await screenshot(guest.page, 'apply-sent-375');
    expect(guest.errors).toEqual([]);

    const admin = await adminPage();
    const card = admin.page.locator(`[data-creator-application]:has-text("${guest.email}")`);
    await expect.poll(() => card.isVisible()).toBe(true);
    expect(await card.locator('[data-no-account]').count()).toBe(1);
    expect(await card.locator('a[href="https://example.com/reel"]').count()).toBe(1);
    await screenshot(admin.page, 'admin-applications-1366');
    await card.locator('[data-approve-application]').click();
    await toastText(admin.page, 'Application approved');
    expect(admin.errors).toEqual([]);

    let link = '';
    await expect
      .poll(async () => {
        const mail = (await mails(guest.context, guest.email)).find((m) => m.text.includes('/apply?invite='));
        link = mail?.text.match(/https?:\/\/\S+\/apply\?invite=\S+/)?.[0] ?? '';
        return link;
      })
      .not.toBe('');
    const url = new URL(link);
    const { context, page, errors } = await newPage(browser, { viewport: { width: 375, height: 800 } });
    await open(page, `${url.pathname}${url.search}`);
    await expect.poll(() => page.locator('[data-apply-signup-section]').isVisible()).toBe(true);
    await screenshot(page, 'apply-signup-375');
    await page.locator('#signup-username').fill(`creator_${uid()}`);
    await page.locator('#signup-password').fill('river-ferry-elbe-42');
    await tap(page, '[data-apply-signup] button[type="submit"]');
    await page.waitForURL(/\/contributor$/);
    const me = (await (await context.request.get(`${baseUrl()}/api/me`)).json()) as { roles: string[] };
    expect(me.roles).toContain('contributor');
    await open(page, '/contributor/add-movie');
    expect(new URL(page.url()).pathname).toBe('/contributor/add-movie');
    expect(errors).toEqual([]);

    // Used once: the same link is refused.
    const again = await context.request.post(`${baseUrl()}/api/applications/sign-up`, {
      data: {
        token: url.searchParams.get('invite'),
        email: guest.email,
        username: `x_${uid()}`,
        password: 'river-ferry-elbe-42',
      },
      headers: { origin: baseUrl() },
    });
    expect(again.status()).toBe(400);
  });

  it('the admin rejects with a reason, which is mailed', async () => {
    const guest = await applyAsGuest();
    const admin = await adminPage(375);
    const card = admin.page.locator(`[data-creator-application]:has-text("${guest.email}")`);
    await expect.poll(() => card.isVisible()).toBe(true);
    await card.locator('input[name="reason"]').fill('We need a link to a finished film');
    await screenshot(admin.page, 'admin-applications-375');
    await card.locator('[data-reject-application]').click();
    await toastText(admin.page, 'Application rejected');
    await expect
      .poll(async () => (await mails(guest.context, guest.email)).map((m) => m.text).join('\n'))
      .toContain('Reason: We need a link to a finished film');
  });

  it('a signed-in applicant sees their application waiting on /apply', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    const username = `member_${uid()}`;
    const res = await context.request.post(`${baseUrl()}/api/auth/sign-up/email`, {
      data: { email: `${username}@example.test`, password: 'guest-password-1', name: username },
      headers: { origin: baseUrl() },
    });
    expect(res.status()).toBe(200);
    await open(page, '/apply');
    await expect.poll(() => page.locator('[data-signed-in-as]').isVisible()).toBe(true);
    expect(await page.locator('#apply-email').isVisible()).toBe(false);
    await page.locator('#apply-work').fill('Animation');
    await page.locator('#apply-film').fill('A short');
    await page.locator('#apply-heard').fill('Search');
    await tap(page, '[data-apply-form] button[type="submit"]');
    await expect.poll(() => page.locator('[data-apply-sent]').isVisible()).toBe(true);
    await open(page, '/apply');
    await expect
      .poll(() => page.locator('[data-apply-state]').textContent())
      .toContain(APPLICATION_TEXT.applicationStateWaiting);
    expect(await page.locator('[data-apply-form-section]').isVisible()).toBe(false);
    await screenshot(page, 'apply-state-1366');

    // Approved while the tab is open: the role arrives by a push, and the Creators link shows.
    const creators = page.locator('[data-nav] a[data-requires="creator"]');
    expect(await creators.isVisible()).toBe(false);
    const admin = await newPage(browser);
    await signIn(admin.context, 'admin@reelfund.local');
    const list = await apiJson<{ waiting: { id: string; email: string }[] }>(admin.context, 'GET', '/api/applications');
    const mine = list.waiting.find((a) => a.email === `${username}@example.test`);
    await apiJson(admin.context, 'POST', `/api/applications/${mine?.id}/approve`, {});
    await expect.poll(() => creators.isVisible(), { timeout: 10_000 }).toBe(true);
  });
});
