import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../functions/domain/texts';
import { apiJson, freeFilm, localDate, open, signIn, signUp, toastText, uid } from './api';
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

interface CampaignJson {
  campaign: { id: string; status: string; goalAmount: number; currentAmount: number; extensionPending: boolean };
}
const campaignOf = async (context: BrowserContext, id: string) =>
  (await apiJson<{ campaign: CampaignJson }>(context, 'GET', `/api/campaigns/${id}`)).campaign.campaign;

/**
 * A live $1,000 campaign of the demo creator with one joined contributor, funded to its goal by a
 * guest's TEST-mode payment: the team is voting.
 */
async function votingCampaign(
  owner: BrowserContext,
  member: BrowserContext,
  admin: BrowserContext,
  whileLive?: (id: string) => Promise<void>,
) {
  await signIn(owner, 'creator2@reelfund.local');
  await signIn(admin, 'admin@reelfund.local');
  const guest = await signUp(member, 'voter');
  const film = await freeFilm(owner);
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
  await whileLive?.(id);

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
    await toastText(owner.page, TEXT.voteRecorded);
    await toastText(owner.page, TEXT.voteRecordedExtend);
    await expect.poll(() => ownerDialog.getAttribute('data-phase')).toBe('waiting');
    await screenshot(owner.page, 'vote-waiting');

    await open(member.page, `/contributor/campaign-progress/${id}`);
    const memberDialog = member.page.locator('[data-dialog="vote"]');
    await expect.poll(() => memberDialog.isVisible()).toBe(true);
    await member.page.click('[data-dialog="vote"] [data-vote="extend"]');
    await toastText(member.page, TEXT.voteRecorded);
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
    await expect.poll(() => member.page.locator('[data-goal]').textContent()).toBe('$11,000.00');
    for (const p of [owner, member, admin]) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  });

  it('loads React and the dialog only once the team is voting: the progress screen before that loads neither', async () => {
    const owner = await newPage(browser);
    const member = await newPage(browser);
    const admin = await newPage(browser);
    // The scripts the page has fetched (Resource Timing) that carry React's DOM renderer (react-dom/client
    // exports hydrateRoot), read again through the API.
    const reactScripts = async () => {
      const urls = await owner.page.evaluate(() =>
        performance
          .getEntriesByType('resource')
          .map((e) => e.name)
          .filter((u) => u.endsWith('.js')),
      );
      const found: string[] = [];
      for (const url of urls)
        if (/\bhydrateRoot\b/.test(await (await owner.context.request.get(url)).text())) found.push(url);
      return found;
    };
    const { id } = await votingCampaign(owner.context, member.context, admin.context, async (live) => {
      // open() waits until every island on the page has hydrated (their scripts fetched by then).
      await open(owner.page, `/contributor/campaign-progress/${live}`);
      expect(await owner.page.locator('[data-campaign-progress]').count()).toBe(1);
      expect(await reactScripts()).toEqual([]);
    });
    await owner.page.goto(`/contributor/campaign-progress/${id}`);
    await expect.poll(() => owner.page.locator('[data-dialog="vote"]').isVisible()).toBe(true);
    expect((await reactScripts()).length).toBeGreaterThan(0);
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
    // The first try fails on the way (the request never arrives): nothing is recorded, the member may try again.
    await member.page.route('**/api/functions/vote-campaign-extension', (route) => route.abort('connectionfailed'));
    await member.page.click('[data-dialog="vote"] [data-vote="complete"]');
    await toastText(member.page, 'Error: Failed to record your vote. Please try again.');
    expect((await campaignOf(owner.context, id)).extensionPending).toBe(true);
    await member.page.unrouteAll();
    await member.page.click('[data-dialog="vote"] [data-vote="complete"]');
    await toastText(member.page, TEXT.voteRecordedComplete);

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
