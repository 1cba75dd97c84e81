import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { campaignEndsAt } from '../../functions/domain/campaigns/end-date';
import { fillText, TEXT } from '../../functions/domain/texts';
import { DEMO_PASSWORD } from '../../functions/seed/demo-users';
import { type OwnServer, ownServer } from '../support/own-server';
import { launchBrowser } from './browser';

/**
 * A campaign reaching its end date, in Chromium against the built product. The server's clock is
 * moved with the local-only offset (PUT /api/dev/clock) and the browser's with Playwright's clock,
 * to the same moment. The offset is one setting for the whole server, and the hourly job sweeps
 * every campaign, so this file runs its own server (the build is shared) rather than move the time
 * under the browser tests running beside it on the shared one.
 */
const MINUTE = 60_000;
const DAY = 86_400_000;

let server: OwnServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
const pageErrors: string[] = [];

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: server.url });
  context.on('weberror', (e) => pageErrors.push(e.error().message));
  context.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) pageErrors.push(m.text());
  });
  contexts.push(context);
  return context;
}

/** An API call in the context's session: the status and the JSON body. */
async function api(context: BrowserContext, method: string, path: string, data?: unknown) {
  const res = await context.request.fetch(`${server.url}${path}`, {
    method,
    data,
    headers: { origin: server.url, 'content-type': 'application/json' },
  });
  return { status: res.status(), body: (await res.json().catch(() => null)) as Record<string, unknown> | null };
}
async function ok<T>(context: BrowserContext, method: string, path: string, data?: unknown): Promise<T> {
  const res = await api(context, method, path, data);
  expect(res.status, `${method} ${path}: ${JSON.stringify(res.body)}`).toBeLessThan(300);
  return res.body as T;
}

async function signIn(context: BrowserContext, email: string) {
  await ok(context, 'POST', '/api/auth/sign-in/email', { email, password: DEMO_PASSWORD });
}

/** Opens a page and waits until its islands are hydrated. */
async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client="intent"])').length === 0);
}

let admin: BrowserContext;
let owner: BrowserContext;
let member: BrowserContext;
let campaign: { id: string; movieId: string; title: string; endsAt: number };

/** Moves the server's clock to `at` (ms): the offset from the real time, set by an admin. */
async function serverClockAt(at: number) {
  const moved = await ok<{ now: string }>(admin, 'PUT', '/api/dev/clock', { offsetMs: Math.round(at - Date.now()) });
  expect(Math.abs(Date.parse(moved.now) - at)).toBeLessThan(MINUTE);
}

/** A page whose browser clock reads `at` and runs on from there, as the server's does. */
async function pageAt(context: BrowserContext, at: number) {
  const page = await context.newPage();
  await page.clock.install({ time: at });
  return page;
}

const campaignStatus = async () =>
  (await ok<{ campaign: { campaign: { status: string } } }>(owner, 'GET', `/api/campaigns/${campaign.id}`)).campaign
    .campaign.status;

/** A guest's checkout attempt: the status and the server's message. */
async function guestCheckout() {
  const guest = await newContext();
  const res = await api(guest, 'POST', `/api/campaigns/${campaign.id}/checkout`, {
    amountCents: 2_500,
    guestEmail: 'late-fan@example.test',
    attemptId: crypto.randomUUID(),
  });
  await guest.close();
  return { status: res.status, message: (res.body?.error as { message?: string } | undefined)?.message };
}

/** The fund and donate pages' answer when the campaign takes no money. */
const notTakingPayments = (page: Page) => page.locator('[data-empty-state]', { hasText: 'Not taking payments' });

/** Runs the hourly job now, through wrangler dev's local trigger for the worker's scheduled handler. */
async function runHourlyJob() {
  const res = await fetch(`${server.url}/cdn-cgi/local/scheduled?cron=${encodeURIComponent('17 * * * *')}`);
  expect(await res.text()).toBe('ok');
}

// A server of its own, on a copy of the seeded demo.
beforeAll(async () => {
  server = await ownServer('enddates');
  browser = await launchBrowser();
  [admin, owner, member] = [await newContext(), await newContext(), await newContext()];
  await signIn(admin, 'admin@reelfund.local');
  await signIn(owner, 'creator2@reelfund.local');
  const username = `ender_${crypto.randomUUID().slice(0, 8)}`;
  await ok(member, 'POST', '/api/auth/sign-up/email', {
    email: `${username}@example.test`,
    password: 'guest-password-1',
    name: username,
  });
  const me = await ok<{ user: { id: string } }>(member, 'GET', '/api/me');

  // A live campaign of the demo creator ending in ten days, with one joined team member.
  const mine = await ok<{ filmsWithoutCampaign: { id: string }[] }>(owner, 'GET', '/api/campaigns/mine');
  const film = mine.filmsWithoutCampaign[0];
  if (!film) throw new Error('the seed gives the demo creator films without a campaign');
  const endDate = new Date(Date.now() + 10 * DAY).toISOString().slice(0, 10);
  const title = `Ending ${username}`;
  const created = await ok<{ campaign: { campaign: { id: string } } }>(owner, 'POST', '/api/campaigns', {
    movieId: film.id,
    title,
    goalAmount: 100_000,
    endDate,
  });
  const id = created.campaign.campaign.id;
  await ok(owner, 'POST', `/api/campaigns/${id}/members`, { userId: me.user.id, role: 'Composer' });
  await ok(member, 'POST', `/api/campaigns/${id}/invitation/accept`, {});
  await ok(owner, 'POST', `/api/campaigns/${id}/submit`, {});
  await ok(admin, 'POST', `/api/campaigns/${id}/approve`, {});
  await ok(owner, 'POST', `/api/campaigns/${id}/launch`, {});
  campaign = { id, movieId: film.id, title, endsAt: campaignEndsAt(endDate).getTime() };
}, 600_000);

afterAll(async () => {
  // Back to the real time, whoever reads this state next.
  if (admin) await api(admin, 'PUT', '/api/dev/clock', { offsetMs: 0 }).catch(() => {});
  for (const context of contexts) await context.close().catch(() => {});
  await browser?.close();
  await server?.stop();
});

describe('a campaign reaching its end date, in the browser', () => {
  it('the fund form closes itself when checkouts close, 30 minutes before the end, and the server refuses them', async () => {
    expect(await campaignStatus()).toBe('live');
    // 31 minutes before the end: the form is offered, and counts down to the moment checkouts close.
    await serverClockAt(campaign.endsAt - 31 * MINUTE);
    const page = await pageAt(member, campaign.endsAt - 31 * MINUTE);
    await open(page, `/movie/${campaign.movieId}/fund`);
    const form = page.locator('[data-fund-form] form');
    const closedNote = page.locator('[data-fund-closed]');
    expect(await form.isVisible()).toBe(true);
    expect(await closedNote.isVisible()).toBe(false);

    // Two minutes later by the page's clock, with nobody clicking: no form, the reason instead.
    await page.clock.fastForward(2 * MINUTE);
    await expect.poll(() => form.isVisible()).toBe(false);
    expect(await closedNote.textContent()).toContain(TEXT.campaignEnding);

    // The server agrees once its clock is there too: an attempt is refused, a fresh page offers no form.
    await serverClockAt(campaign.endsAt - 20 * MINUTE);
    expect(await guestCheckout()).toEqual({ status: 409, message: TEXT.campaignEnding });
    await open(page, `/movie/${campaign.movieId}/fund`);
    expect(await page.locator('[data-fund-form]').count()).toBe(0);
    expect(await notTakingPayments(page).textContent()).toContain(TEXT.campaignEnding);
    await page.close();
  });

  it('past the end it takes no money and shows 0 days left; the hourly job completes it once and the team is told', async () => {
    const after = campaign.endsAt + 60 * MINUTE;
    await serverClockAt(after);

    // The film page: no Fund or Donate, and why.
    const film = await pageAt(member, after);
    await open(film, `/movie/${campaign.movieId}`);
    expect(await film.locator('[data-funding-paused]').textContent()).toBe(TEXT.campaignEnded);
    expect(await film.locator('[data-fund]:visible, [data-donate]:visible').count()).toBe(0);
    // The donate page offers no form, and a checkout is refused at once (the job has not run yet).
    await open(film, `/movie/${campaign.movieId}/donate`);
    expect(await film.locator('[data-fund-form]').count()).toBe(0);
    expect(await notTakingPayments(film).textContent()).toContain(TEXT.campaignEnded);
    expect(await guestCheckout()).toEqual({ status: 409, message: TEXT.campaignEnded });
    expect(await campaignStatus()).toBe('live');

    // The team's progress screen: 0 days left, never a negative count.
    await open(film, `/contributor/campaign-progress/${campaign.id}`);
    await expect.poll(() => film.locator('[data-days-left]').textContent()).toBe('0');
    await film.close();

    // The hourly job completes it; a second run finds nothing left to do.
    await runHourlyJob();
    await expect.poll(campaignStatus).toBe('completed');
    await runHourlyJob();
    const notices = await ok<{ items: { title: string; message: string }[] }>(member, 'GET', '/api/notifications');
    const ended = notices.items.filter((n) => n.title === TEXT.campaignEnded);
    expect(ended.map((n) => n.message)).toEqual([fillText(TEXT.campaignEndedTeam, { title: campaign.title })]);

    // The member's bell shows the notice.
    const home = await pageAt(member, after);
    await open(home, '/');
    await home.waitForSelector('[data-bell-root][data-live="open"]');
    await home.click('[data-bell-button]');
    await home.waitForSelector('[data-bell-popover]:not([hidden])');
    const item = home.locator('[data-bell-item="notification"]', { hasText: TEXT.campaignEnded }).first();
    expect(await item.locator('.bell-item-title').textContent()).toContain(TEXT.campaignEnded);
    expect(await item.locator('[data-bell-preview]').textContent()).toContain(
      `"${campaign.title}" reached its end date`,
    );
    await home.close();
    expect(pageErrors).toEqual([]);
  });
});
