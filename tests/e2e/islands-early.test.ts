import type { Browser, Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../functions/domain/texts';
import { apiJson, localDate, signIn, signUp, toastText, uid } from './api';
import { launchBrowser, newPage, screenshot } from './browser';

/**
 * A press that comes before the island is live. The campaign screens are drawn on the server and their
 * islands load on the person's first intent (`client:intent`, src/scripts/client-intent.ts), seconds
 * later on a slow phone: on a CPU slowed 4× (a mid-range phone), each screen's primary action pressed
 * and its fields typed as soon as they show must still send the request they say — the press is held
 * until the island's handler exists and the typed values are handed to it, instead of being swallowed.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A page whose CPU runs 4× slower, as Chrome DevTools' "mid-tier mobile" preset. */
async function slowPage(email?: string) {
  const opened = await newPage(browser);
  if (email) await signIn(opened.context, email);
  const cdp = await opened.context.newCDPSession(opened.page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  return opened;
}

/** Opens `path` and, from the first paint on, presses whatever `press` presses; resolves with the request it sent. */
async function pressEarly(page: Page, path: string, sent: (r: Request) => boolean, press: () => Promise<void>) {
  const request = page.waitForRequest(sent, { timeout: 30_000 });
  request.catch(() => {});
  await page.goto(path, { waitUntil: 'commit' });
  await press();
  return request;
}

/** milo_maker's campaign on one of his last films without one (other browser tests take the first ones). */
async function campaignOf(owner: Awaited<ReturnType<typeof slowPage>>, film: { id: string }) {
  const { campaign } = await apiJson<{ campaign: { campaign: { id: string } } }>(
    owner.context,
    'POST',
    '/api/campaigns',
    { movieId: film.id, title: `Early press ${uid()}`, goalAmount: 500_000, endDate: localDate(30) },
  );
  return campaign.campaign.id;
}

describe('campaign screens pressed before their islands are live (CPU 4× slower)', () => {
  let owner: Awaited<ReturnType<typeof slowPage>>;
  let films: { id: string }[];
  let spare: { id: string };
  beforeAll(async () => {
    owner = await slowPage('creator2@reelfund.local');
    const mine = await apiJson<{ filmsWithoutCampaign: { id: string }[] }>(owner.context, 'GET', '/api/campaigns/mine');
    films = mine.filmsWithoutCampaign.slice(-3);
    spare = mine.filmsWithoutCampaign.at(-4) as { id: string };
    if (films.length < 3 || !spare) throw new Error('the seed leaves milo_maker films without a campaign');
  });

  it("the settings screen: no island's code before the first intent, and the first press still submits", async () => {
    const id = await campaignOf(owner, spare);
    const { context, page, errors } = await newPage(browser);
    await signIn(context, 'creator2@reelfund.local');
    const requested: string[] = [];
    page.on('request', (r) => requested.push(r.url()));
    await page.goto(`/contributor/edit/${spare.id}/campaign`);
    await page.waitForLoadState('networkidle');
    // Every island of the screen waits for intent, and nothing of theirs (React included) was fetched.
    const islands = await page.$$eval('astro-island', (els) =>
      els.map((el) => ({
        client: el.getAttribute('client'),
        ssr: el.hasAttribute('ssr'),
        urls: [el.getAttribute('component-url'), el.getAttribute('renderer-url')].map((u) =>
          u ? new URL(u, location.href).href : '',
        ),
      })),
    );
    expect(islands.length).toBeGreaterThan(0);
    expect(islands.every((i) => i.client === 'intent' && i.ssr)).toBe(true);
    const islandCode = [...new Set(islands.flatMap((i) => i.urls))];
    expect(requested.filter((url) => islandCode.includes(url))).toEqual([]);
    await screenshot(page, 'settings-before-intent-1366');
    await page.setViewportSize({ width: 375, height: 800 });
    await screenshot(page, 'settings-before-intent-375');
    expect(requested.filter((url) => islandCode.includes(url))).toEqual([]);
    await page.setViewportSize({ width: 1366, height: 900 });

    // The first press is the intent: the code loads, and the press does what it says.
    const submitted = page.waitForRequest(
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/campaigns/${id}/submit`),
    );
    await page.click('[data-action="submit"]');
    expect((await (await submitted).response())?.ok()).toBe(true);
    await toastText(page, TEXT.submittedForApproval);
    await expect.poll(() => page.locator('.campaign-head [data-status]').textContent()).toBe('Pending Review');
    // The details card was never touched: the new view in the store loads it, and it follows.
    await expect.poll(() => page.locator('[data-details-form] [data-status]').textContent()).toBe('Pending Review');
    expect(await page.locator('[data-details-form] [data-action="save"]').count()).toBe(0);
    expect(requested.filter((url) => islandCode.includes(url)).length).toBeGreaterThan(0);
    await screenshot(page, 'settings-after-press-1366');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('the team screen: the username search, the candidate, the role and "Add", typed and pressed at once', async () => {
    const film = films[0] as { id: string };
    const id = await campaignOf(owner, film);
    const guest = await newPage(browser);
    const invitee = await signUp(guest.context, 'early');
    const added = await pressEarly(
      owner.page,
      `/contributor/edit/${film.id}/contributors`,
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/campaigns/${id}/members`),
      async () => {
        await owner.page.fill('#member-search', invitee.username);
        await owner.page.click(`[data-candidate="${invitee.username}"]`);
        await owner.page.fill('#member-role', 'Gaffer');
        await owner.page.click('[data-action="add-member"]');
      },
    );
    expect((await added.response())?.status()).toBe(201);
    await owner.page.locator(`[data-share-row="member"][data-member="${invitee.username}"]`).first().waitFor();
    await screenshot(owner.page, 'team-after-add-1366');
    await owner.page.setViewportSize({ width: 375, height: 800 });
    await screenshot(owner.page, 'team-after-add-375');
    await owner.page.setViewportSize({ width: 1366, height: 900 });

    // Remove is the table's (server HTML, outside the island): pressed before the island has loaded, the
    // press loads it and its confirmation opens, drawn without a hydration mismatch.
    const logged: string[] = [];
    owner.page.on('console', (m) => {
      if (m.type() === 'error') logged.push(m.text());
    });
    await owner.page.mouse.move(0, 0);
    await owner.page.goto(`/contributor/edit/${film.id}/contributors`);
    expect(await owner.page.locator('astro-island[ssr][client="intent"]').count()).toBe(1);
    const removed = owner.page.waitForRequest(
      (r) => r.method() === 'DELETE' && r.url().includes(`/api/campaigns/${id}/members/`),
    );
    await owner.page.click(`[data-action="remove-member"][data-member-name="${invitee.username}"]`);
    await owner.page.click('dialog[data-dialog="remove-member"] [data-confirm]');
    expect((await (await removed).response())?.ok()).toBe(true);
    expect(logged.filter((t) => /hydrat/i.test(t))).toEqual([]);
  });

  it('the progress screen: the invitee\'s "Approve & Join" as soon as it shows', async () => {
    const id = await campaignOf(owner, films[1] as { id: string });
    const guest = await slowPage();
    const invitee = await signUp(guest.context, 'early');
    await apiJson(owner.context, 'POST', `/api/campaigns/${id}/members`, { userId: invitee.id, role: 'Gaffer' });
    const joined = await pressEarly(
      guest.page,
      `/contributor/campaign-progress/${id}?invitation=true`,
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/campaigns/${id}/invitation/accept`),
      () => guest.page.click('[data-invitation="card"] [data-action="accept"]'),
    );
    expect((await joined.response())?.ok()).toBe(true);
  });

  it('the settings screen: "Submit for Approval" as soon as it shows', async () => {
    const film = films[2] as { id: string };
    const id = await campaignOf(owner, film);
    const submitted = await pressEarly(
      owner.page,
      `/contributor/edit/${film.id}/campaign`,
      (r) => r.method() === 'POST' && r.url().endsWith(`/api/campaigns/${id}/submit`),
      () => owner.page.click('[data-action="submit"]'),
    );
    expect((await submitted.response())?.ok()).toBe(true);
    const after = await apiJson<{ campaign: { campaign: { status: string } } }>(
      owner.context,
      'GET',
      `/api/campaigns/${id}`,
    );
    expect(after.campaign.campaign.status).toBe('pending_approval');
  });
});
