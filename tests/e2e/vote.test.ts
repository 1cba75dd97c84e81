import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../functions/lib/messages';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';

/**
 * The milestone vote in the browser: a live campaign with a two-person team reaches its goal through
 * a TEST-mode payment; each member sees the vote dialog on the campaign progress screen and votes;
 * the dialog shows the outcome and closes 2 s after the vote completes.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);
const localDate = (days: number) => {
  const d = new Date(Date.now() + days * 86_400_000);
  return `${d.getFullYear()}-${String(d.getMonth() + 1).padStart(2, '0')}-${String(d.getDate()).padStart(2, '0')}`;
};

async function signIn(context: BrowserContext, email: string) {
  const res = await context.request.post(`${baseUrl()}/api/auth/sign-in/email`, {
    data: { email, password: 'reelfund-demo' },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
}

async function signUp(context: BrowserContext) {
  const username = `voter_${uid()}`;
  const res = await context.request.post(`${baseUrl()}/api/auth/sign-up/email`, {
    data: { email: `${username}@example.test`, password: 'guest-password-1', name: username },
    headers: { origin: baseUrl() },
  });
  expect(res.status()).toBe(200);
  const me = (await (await context.request.get(`${baseUrl()}/api/me`)).json()) as { user: { id: string } };
  return { username, id: me.user.id };
}

async function apiJson<T>(context: BrowserContext, method: string, path: string, data?: unknown): Promise<T> {
  const res = await context.request.fetch(`${baseUrl()}${path}`, {
    method,
    data,
    headers: { origin: baseUrl(), 'content-type': 'application/json' },
  });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

async function open(page: Page, path: string) {
  await page.goto(path);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

interface CampaignJson {
  campaign: { id: string; status: string; goalAmount: number; currentAmount: number; extensionPending: boolean };
}
const campaignOf = async (context: BrowserContext, id: string) =>
  (await apiJson<{ campaign: CampaignJson }>(context, 'GET', `/api/campaigns/${id}`)).campaign.campaign;

/**
 * A live $1,000 campaign of the demo creator with one joined contributor, funded to its goal by a
 * guest's TEST-mode payment: the team is voting.
 */
async function votingCampaign(owner: BrowserContext, member: BrowserContext, admin: BrowserContext) {
  await signIn(owner, 'creator2@reelfund.local');
  await signIn(admin, 'admin@reelfund.local');
  const guest = await signUp(member);
  const mine = await apiJson<{ filmsWithoutCampaign: { id: string }[] }>(owner, 'GET', '/api/campaigns/mine');
  const film = mine.filmsWithoutCampaign[0];
  if (!film) throw new Error('the seed leaves the second demo creator films without a campaign');
  const created = await apiJson<{ campaign: CampaignJson }>(owner, 'POST', '/api/campaigns', {
    movieId: film.id,
    title: `Vote ${uid()}`,
    goalAmount: 100_000,
    endDate: localDate(30),
  });
  const id = created.campaign.campaign.id;
  await apiJson(owner, 'POST', `/api/campaigns/${id}/members`, { userId: guest.id, role: 'Composer' });
  await apiJson(member, 'POST', `/api/campaigns/${id}/invitation/accept`, {});
  await apiJson(owner, 'POST', `/api/campaigns/${id}/submit`, {});
  await apiJson(admin, 'POST', `/api/campaigns/${id}/approve`, {});
  await apiJson(owner, 'POST', `/api/campaigns/${id}/launch`, {});

  // A guest pays the whole goal on the TEST checkout page; the signed webhook crosses the goal.
  const payer = await browser.newContext();
  const checkout = await apiJson<{ url: string }>(payer, 'POST', `/api/campaigns/${id}/checkout`, {
    amountCents: 100_000,
    guestEmail: 'milestone-fan@example.test',
  });
  const pay = await payer.request.post(`${baseUrl()}${new URL(checkout.url).pathname}/pay`, {
    headers: { origin: baseUrl() },
    form: {},
    maxRedirects: 0,
  });
  expect(pay.status()).toBe(303);
  await payer.close();
  await expect.poll(async () => (await campaignOf(owner, id)).extensionPending, { timeout: 15_000 }).toBe(true);
  return { id, guest };
}

const toastText = (page: Page, text: string) =>
  expect.poll(async () => (await page.locator('[data-toast]').allTextContents()).join(' | ')).toContain(text);

describe('the milestone vote', () => {
  it('both members vote extend: each sees Vote Recorded, the goal grows by $10,000 and the dialog closes', async () => {
    const owner = await newPage(browser);
    const member = await newPage(browser);
    const admin = await newPage(browser);
    const { id } = await votingCampaign(owner.context, member.context, admin.context);

    await open(owner.page, `/contributor/campaign-progress/${id}`);
    const ownerDialog = owner.page.locator('[data-dialog="vote"]');
    await expect.poll(() => ownerDialog.isVisible()).toBe(true);
    await owner.page.click('[data-dialog="vote"] [data-vote="extend"]');
    await toastText(owner.page, MSG.voteRecorded);
    await toastText(owner.page, MSG.voteRecordedExtend);
    await expect.poll(() => ownerDialog.getAttribute('data-phase')).toBe('waiting');
    await screenshot(owner.page, 'vote-waiting');

    await open(member.page, `/contributor/campaign-progress/${id}`);
    const memberDialog = member.page.locator('[data-dialog="vote"]');
    await expect.poll(() => memberDialog.isVisible()).toBe(true);
    await member.page.click('[data-dialog="vote"] [data-vote="extend"]');
    await toastText(member.page, MSG.voteRecorded);
    // The last vote completes the round: the outcome shows, then the dialog closes (2 s).
    await expect.poll(() => memberDialog.getAttribute('data-phase')).toBe('done');
    await expect
      .poll(() => member.page.locator('[data-vote-outcome]').getAttribute('data-vote-outcome'))
      .toBe('extend');
    await expect.poll(() => memberDialog.isVisible(), { timeout: 10_000 }).toBe(false);
    // The first voter's dialog learns the outcome (live event or its refresh) and closes too.
    await expect.poll(() => ownerDialog.isVisible(), { timeout: 15_000 }).toBe(false);

    const after = await campaignOf(owner.context, id);
    expect(after).toMatchObject({ status: 'live', goalAmount: 1_100_000, extensionPending: false });
    await expect.poll(() => member.page.locator('[data-goal]').textContent()).toBe('$11,000');
    for (const p of [owner, member, admin]) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  });

  it('one member votes complete: the campaign completes', async () => {
    const owner = await newPage(browser);
    const member = await newPage(browser);
    const admin = await newPage(browser);
    const { id } = await votingCampaign(owner.context, member.context, admin.context);

    await open(member.page, `/contributor/campaign-progress/${id}`);
    await member.page.click('[data-dialog="vote"] [data-vote="complete"]');
    await toastText(member.page, MSG.voteRecordedComplete);

    await open(owner.page, `/contributor/campaign-progress/${id}`);
    await owner.page.click('[data-dialog="vote"] [data-vote="extend"]');
    await expect
      .poll(() => owner.page.locator('[data-vote-outcome]').getAttribute('data-vote-outcome'))
      .toBe('complete');
    expect((await campaignOf(owner.context, id)).status).toBe('completed');
    await expect.poll(() => owner.page.locator('[data-dialog="vote"]').isVisible(), { timeout: 10_000 }).toBe(false);
    for (const p of [owner, member, admin]) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  });
});
