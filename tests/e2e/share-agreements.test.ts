import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../functions/domain/texts';
import { apiJson, localDate, open, signIn, signUp, uid } from './api';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Setup {
  campaignId: string;
  movieId: string;
  owner: BrowserContext;
  member: string;
  invitee: string;
}

/**
 * cora's campaign through the API: milo joins (45.0 % each, agreed), it is launched, then cora
 * invites a new account — a proposal of 30.0 % each that waits for milo and the invitee.
 */
async function liveWithProposal(): Promise<Setup> {
  const { context: owner } = await newPage(browser);
  await signIn(owner, 'creator@reelfund.local');
  const mine = await apiJson<{ filmsWithoutCampaign: { id: string }[] }>(owner, 'GET', '/api/campaigns/mine');
  // The last free film: other browser tests take the first.
  const film = mine.filmsWithoutCampaign.at(-1);
  if (!film) throw new Error('the seed leaves the demo creator films without a campaign');
  const { campaign } = await apiJson<{ campaign: { campaign: { id: string } } }>(owner, 'POST', '/api/campaigns', {
    movieId: film.id,
    title: `Quiet Floor ${uid()}`,
    goalAmount: 500_000,
    endDate: localDate(30),
  });
  const id = campaign.campaign.id;
  const { context: milo } = await newPage(browser);
  await signIn(milo, 'creator2@reelfund.local');
  const miloMe = await apiJson<{ user: { id: string } }>(milo, 'GET', '/api/me');
  await apiJson(owner, 'POST', `/api/campaigns/${id}/members`, { userId: miloMe.user.id, role: 'Editor' });
  await apiJson(milo, 'POST', `/api/campaigns/${id}/invitation/accept`, {});
  await apiJson(owner, 'POST', `/api/campaigns/${id}/submit`, {});
  const { context: admin } = await newPage(browser);
  await signIn(admin, 'admin@reelfund.local');
  await apiJson(admin, 'POST', `/api/campaigns/${id}/approve`, {});
  await apiJson(owner, 'POST', `/api/campaigns/${id}/launch`, {});
  const { context: guest } = await newPage(browser);
  const invitee = await signUp(guest, 'vera');
  await apiJson(owner, 'POST', `/api/campaigns/${id}/members`, { userId: invitee.id, role: 'Producer' });
  return { campaignId: id, movieId: film.id, owner, member: 'milo_maker', invitee: invitee.username };
}

/** Each split line on the screen adds up to 100.0 %, part by part, and says so. */
async function expectSplitLine(scope: Locator, kind: 'agreed' | 'proposed', shares: string[]) {
  const line = scope.locator(`[data-split="${kind}"]`);
  await line.waitFor();
  const parts = await line.locator('[data-split-part]').allTextContents();
  expect(parts).toEqual(['Platform fee 10.0%', ...shares]);
  const tenths = parts.map((p) => Math.round(Number(/(\d+\.\d)%$/.exec(p)?.[1]) * 10));
  expect(tenths.reduce((s, t) => s + t, 0)).toBe(1000);
  expect(await line.locator('[data-split-total]').textContent()).toBe('100.0%');
}

async function expectAgreedAndProposed(page: Page, scopeSelector: string, s: Setup) {
  const scope = page.locator(scopeSelector).first();
  await expectSplitLine(scope, 'agreed', ['cora_creator 45.0%', `${s.member} 45.0%`]);
  await expectSplitLine(scope, 'proposed', ['cora_creator 30.0%', `${s.member} 30.0%`, `${s.invitee} 30.0%`]);
  expect(await scope.locator('[data-split="agreed"]').textContent()).toContain('Agreed split (version 2):');
  expect(await scope.locator('[data-split="proposed"]').textContent()).toMatch(/^Proposed: /);
  expect(await scope.locator('[data-waiting-for]').textContent()).toBe(`${s.member}, ${s.invitee}`);
}

describe('every screen shows the agreed split and, apart, the proposal waiting for the team', () => {
  let s: Setup;
  beforeAll(async () => {
    s = await liveWithProposal();
  });

  it('the film page: its breakdown (share column 100.0 % with the fee) and the paused note', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl()}/movie/${s.movieId}`);
    await expectAgreedAndProposed(page, `[data-breakdown="${s.campaignId}"]`, s);
    expect(await page.locator('[data-share-total]').textContent()).toBe('100.0%');
    expect(await page.locator('[data-funding-paused]').textContent()).toBe(TEXT.campaignWaitingForTeam);
    expect(await page.locator('[data-donate]:visible').count()).toBe(0);
    await screenshot(page, 'split-film-page');
    expect(errors).toEqual([]);
  });

  it('donate (signed out) and fund (signed in): no form, the reason, and both splits', async () => {
    const { page, errors } = await newPage(browser);
    await page.goto(`${baseUrl()}/movie/${s.movieId}/donate`);
    expect(await page.getByText(TEXT.campaignWaitingForTeam).count()).toBe(1);
    expect(await page.locator('[data-fund-form]').count()).toBe(0);
    await expectAgreedAndProposed(page, '[data-paused-split]', s);
    await screenshot(page, 'split-donate');

    const fund = await newPage(browser);
    await signIn(fund.context, 'user@reelfund.local');
    await fund.page.goto(`${baseUrl()}/movie/${s.movieId}/fund`);
    expect(await fund.page.getByText(TEXT.campaignWaitingForTeam).count()).toBe(1);
    await expectAgreedAndProposed(fund.page, '[data-paused-split]', s);
    expect([...errors, ...fund.errors]).toEqual([]);
  });

  it('the campaign progress and settings screens (the Revenue Sharing card)', async () => {
    const page = await s.owner.newPage();
    await open(page, `/contributor/campaign-progress/${s.campaignId}`);
    await expectAgreedAndProposed(page, '[data-campaign-progress] .revenue-card', s);
    await screenshot(page, 'split-progress');
    await open(page, `/contributor/edit/${s.movieId}/campaign`);
    await expectAgreedAndProposed(page, '[data-campaign-settings] .revenue-card', s);
    await screenshot(page, 'split-settings');
  });
});
