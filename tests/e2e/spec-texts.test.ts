import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../functions/domain/texts';
import { apiJson, freeFilm, localDate, open, signIn, signUp, toastText, uid } from './api';
import { baseUrl, launchBrowser, newPage } from './browser';
import { tap } from './tap';

/**
 * Texts of the specification's error catalogue made to appear: a refused request or a network
 * failure injected in the browser, and the page's text compared with the literal.
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the error catalogue's texts on the page", () => {
  it("'Please save the campaign first': Submit before the campaign exists", async () => {
    const { context, page } = await newPage(browser);
    await signIn(context, 'creator@reelfund.local');
    const film = await freeFilm(context);
    await open(page, `/contributor/edit/${film.id}/campaign`);
    await page.locator('[data-campaign-settings][data-mode="create"]').waitFor();
    await tap(page, '[data-action="submit"]');
    await toastText(page, 'Please save the campaign first');
    // Saving it while the request fails: nothing is created.
    await page.route('**/api/campaigns', (route) =>
      route.request().method() === 'POST' ? route.abort('connectionfailed') : route.fallback(),
    );
    await page.fill('#campaign-title', `Never saved ${uid()}`);
    await page.fill('#campaign-goal', '2000');
    await page.fill('#campaign-end', localDate(14));
    await tap(page, '[data-action="save"]');
    await toastText(page, TEXT.createFailed.replace('{message}', ''));
  });

  it("'Error signing out': Sign Out when the request fails", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await signUp(context, 'signout_fails');
    await page.route('**/api/account/sign-out', (route) => route.abort('connectionfailed'));
    await page.goto('/terms');
    await expect.poll(() => page.locator('.site-header').getAttribute('data-session')).toBe('signed-in');
    await tap(page, '[data-menu-button]');
    await tap(page, '#avatar-menu [data-sign-out]');
    // The sign-in page, which stays put (the server may still hold the session): no forward that
    // would take the message away with it.
    await page.waitForURL((url) => url.pathname === '/auth', { waitUntil: 'networkidle' });
    await toastText(page, 'Error signing out');
    expect(new URL(page.url()).pathname).toBe('/auth');
  });
  it("a draft's team and actions, each failing once, then done: add, remove, pause and delete texts", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signIn(context, 'creator@reelfund.local');
    const film = await freeFilm(context);
    const created = await apiJson<{ campaign: { campaign: { id: string } } }>(context, 'POST', '/api/campaigns', {
      movieId: film.id,
      title: `Texts ${uid()}`,
      goalAmount: 200_000,
      endDate: localDate(20),
    });
    const id = created.campaign.campaign.id;
    const member = await signUp((await newPage(browser)).context, 'texts_member');
    const candidate = await signUp((await newPage(browser)).context, 'texts_candidate');
    await apiJson(context, 'POST', `/api/campaigns/${id}/members`, { userId: member.id, role: 'Editor' });
    const fail = (match: (url: URL, method: string) => boolean) =>
      page.route(
        (url) => url.pathname.startsWith('/api/campaigns/'),
        (route) =>
          match(new URL(route.request().url()), route.request().method())
            ? route.abort('connectionfailed')
            : route.fallback(),
      );
    await open(page, `/contributor/edit/${id}/campaign`);

    await page.locator('[data-action="add-member"]').first().click();
    await toastText(page, 'Please select a user');
    await fail((u, m) => m === 'POST' && u.pathname === `/api/campaigns/${id}/members`);
    await page.fill('#member-search', candidate.username);
    await page.locator(`[data-candidate="${candidate.username}"]`).first().click();
    await page.locator('[data-action="add-member"]').first().click();
    await toastText(page, 'Failed to add contributor');
    await page.unrouteAll();

    await fail((u, m) => m === 'DELETE' && u.pathname.startsWith(`/api/campaigns/${id}/members/`));
    await page.locator(`[data-action="remove-member"][data-member-name="${member.username}"]`).first().click();
    await page.locator('dialog[data-dialog="remove-member"] [data-confirm]').first().click();
    await toastText(page, 'Failed to remove contributor');
    await page.unrouteAll();
    await page.locator(`[data-action="remove-member"][data-member-name="${member.username}"]`).first().click();
    await page.locator('dialog[data-dialog="remove-member"] [data-confirm]').first().click();
    await toastText(page, 'Contributor removed and shares recalculated');

    await fail((u, m) => m === 'PATCH' && u.pathname === `/api/campaigns/${id}`);
    await page.locator('[data-action="save"]').first().click();
    await toastText(page, 'Failed to update campaign');
    await page.unrouteAll();

    await fail((u) => u.pathname === `/api/campaigns/${id}/submit`);
    await expect.poll(() => page.locator('[data-action="submit"]').isDisabled()).toBe(false);
    await page.locator('[data-action="submit"]').first().click();
    await toastText(page, 'Failed to submit campaign for approval');
    await page.unrouteAll();

    await fail((u) => u.pathname === `/api/campaigns/${id}/pause`);
    await page.locator('[data-action="pause"]').first().click();
    await page.locator('dialog[data-dialog="pause"] [data-confirm]').first().click();
    await toastText(page, 'Failed to pause campaign');
    await page.unrouteAll();

    await fail((u, m) => m === 'DELETE' && u.pathname === `/api/campaigns/${id}`);
    await page.locator('[data-action="delete"]').first().click();
    await page.locator('dialog[data-dialog="delete"] [data-confirm]').first().click();
    await toastText(page, 'Failed to delete campaign');
    await page.unrouteAll();
    await page.locator('[data-action="delete"]').first().click();
    await page.locator('dialog[data-dialog="delete"] [data-confirm]').first().click();
    await page.waitForURL(`${baseUrl()}/contributor`);
    await toastText(page, 'Campaign deleted successfully');
  });

  it('an invitation: accepted and declined on the banner and the card, failing once, withdrawn, already answered', async () => {
    const owner = await newPage(browser);
    await signIn(owner.context, 'creator@reelfund.local');
    const film = await freeFilm(owner.context);
    const id = (
      await apiJson<{ campaign: { campaign: { id: string } } }>(owner.context, 'POST', '/api/campaigns', {
        movieId: film.id,
        title: `Invitation texts ${uid()}`,
        goalAmount: 200_000,
        endDate: localDate(20),
      })
    ).campaign.campaign.id;
    const invite = async (prefix: string) => {
      const p = await newPage(browser, { viewport: { width: 1280, height: 900 } });
      const who = await signUp(p.context, prefix);
      const added = await apiJson<{ member: { id: string } }>(owner.context, 'POST', `/api/campaigns/${id}/members`, {
        userId: who.id,
        role: 'Editor',
      });
      return { ...p, ...who, memberId: added.member.id };
    };
    const abort = (page: Page, path: string) =>
      page.route(`**/api/campaigns/${id}/invitation/${path}`, (route) => route.abort('connectionfailed'));
    const banner = (sel: string) => `[data-invitation="banner"] ${sel}`;
    const card = (sel: string) => `[data-invitation="card"] ${sel}`;

    // The banner on the settings screen: accept and decline fail once on the way, then accept joins.
    const a = await invite('banner_yes');
    await open(a.page, `/contributor/edit/${id}/campaign?invitation=true`);
    await abort(a.page, 'accept');
    await a.page.locator(banner('[data-action="accept"]')).click();
    await toastText(a.page, 'Failed to approve campaign invitation');
    await abort(a.page, 'decline');
    await a.page.locator(banner('[data-action="decline"]')).click();
    await a.page.locator('[data-dialog="decline"] [data-confirm]').click();
    await toastText(a.page, 'Failed to decline campaign invitation');
    await a.page.unrouteAll();
    await a.page.locator(banner('[data-action="accept"]')).click();
    await toastText(a.page, 'Campaign collaboration approved! You can now access this campaign from your dashboard.');

    // Declined on the banner: the page it leads to says so.
    const b = await invite('banner_no');
    await open(b.page, `/contributor/edit/${id}/campaign?invitation=true`);
    await b.page.locator(banner('[data-action="decline"]')).click();
    await b.page.locator('[data-dialog="decline"] [data-confirm]').click();
    await b.page.waitForURL((u) => u.pathname.startsWith('/messages/'));
    await toastText(b.page, 'Campaign invitation declined');

    // The card on the progress screen: decline fails once; then the invitee accepts elsewhere and
    // this page's Decline is refused: an approved share cannot be declined.
    const c = await invite('card_late');
    await open(c.page, `/contributor/campaign-progress/${id}?invitation=true`);
    await abort(c.page, 'decline');
    await c.page.locator(card('[data-action="decline"]')).click();
    await c.page.locator('[data-dialog="decline"] [data-confirm]').click();
    await toastText(c.page, 'Failed to decline invitation');
    await c.page.unrouteAll();
    await apiJson(c.context, 'POST', `/api/campaigns/${id}/invitation/accept`, {});
    await c.page.locator(card('[data-action="decline"]')).click();
    await c.page.locator('[data-dialog="decline"] [data-confirm]').click();
    await toastText(c.page, 'Unable to decline invitation');

    // Withdrawn while the card is open: accepting finds no invitation.
    const d = await invite('card_gone');
    await open(d.page, `/contributor/campaign-progress/${id}?invitation=true`);
    await apiJson(owner.context, 'DELETE', `/api/campaigns/${id}/members/${d.memberId}`);
    await d.page.locator(card('[data-action="accept"]')).click();
    await toastText(d.page, 'Contributor information not found');

    // Declined on the card.
    const e = await invite('card_no');
    await open(e.page, `/contributor/campaign-progress/${id}?invitation=true`);
    await e.page.locator(card('[data-action="decline"]')).click();
    await e.page.locator('[data-dialog="decline"] [data-confirm]').click();
    await e.page.waitForURL((u) => u.pathname.startsWith('/messages/'));
    await toastText(e.page, 'Invitation declined');

    // The team changed after a split was agreed: a member approves their new share, failing once.
    const view = await apiJson<{ campaign: { split: { agreed: { shares: { userId: string }[] } } } }>(
      a.context,
      'GET',
      `/api/campaigns/${id}`,
    );
    expect(view.campaign.split.agreed.shares.map((s) => s.userId)).toContain(a.id);
    await open(a.page, `/contributor/campaign-progress/${id}`);
    await abort(a.page, 'accept');
    await a.page.locator(card('[data-action="accept"]')).click();
    await toastText(a.page, 'Failed to approve revenue share');

    // The demo creator's films are shared by every browser test: give this one back.
    await apiJson(owner.context, 'DELETE', `/api/campaigns/${id}`);
    for (const p of [owner, a, b, c, d, e]) await p.context.close();
  });

  it('an approved campaign: only its originator launches, a launch and a coin save fail once; edits of a live and an ended campaign', async () => {
    const owner = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    const admin = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signIn(owner.context, 'creator2@reelfund.local');
    await signIn(admin.context, 'admin@reelfund.local');
    const film = await freeFilm(owner.context);
    const id = (
      await apiJson<{ campaign: { campaign: { id: string } } }>(owner.context, 'POST', '/api/campaigns', {
        movieId: film.id,
        title: `Launch texts ${uid()}`,
        goalAmount: 200_000,
        endDate: localDate(20),
      })
    ).campaign.campaign.id;
    await apiJson(owner.context, 'POST', `/api/campaigns/${id}/submit`, {});
    await apiJson(admin.context, 'POST', `/api/campaigns/${id}/approve`, {});

    // The admin may do much here, but launching is the originator's.
    await open(admin.page, `/admin/edit/${id}/campaign`);
    await expect
      .poll(() => admin.page.locator('.actions-card').textContent())
      .toContain('Only the originator can launch the campaign');
    expect(await admin.page.locator('[data-action="launch"]').count()).toBe(0);
    await admin.page.route(`**/api/campaigns/${id}/coins`, (route) => route.abort('connectionfailed'));
    await admin.page.locator('[data-coins-form] input[type="checkbox"]').check();
    await admin.page.fill('#coin-symbol', 'TXT');
    await admin.page.fill('#coin-price', '1');
    await admin.page.locator('[data-coins-form] button[type="submit"]').click();
    await toastText(admin.page, 'Failed to save campaign');

    await open(owner.page, `/contributor/edit/${id}/campaign`);
    await owner.page.route(`**/api/campaigns/${id}/launch`, (route) => route.abort('connectionfailed'));
    await owner.page.locator('[data-action="launch"]').click();
    await toastText(owner.page, 'Failed to launch campaign');
    await owner.page.unrouteAll();
    await owner.page.locator('[data-action="launch"]').click();
    await toastText(owner.page, TEXT.launched);

    // A live campaign's changed title goes back to review.
    await owner.page.fill('#campaign-title', `Launch texts renamed ${uid()}`);
    await owner.page.locator('[data-action="save"]').click();
    await toastText(owner.page, 'Campaign updated and paused for admin review');
    await apiJson(admin.context, 'POST', `/api/campaigns/${id}/approve`, {});

    // An ended campaign given a later end date is an extension the team and an admin approve.
    await apiJson(admin.context, 'POST', `/api/campaigns/${id}/status`, { status: 'completed' });
    await open(owner.page, `/contributor/edit/${id}/campaign`);
    await owner.page.fill('#campaign-end', localDate(40));
    await owner.page.locator('[data-action="save"]').click();
    await toastText(owner.page, 'Campaign extension saved - requires contributor and admin approval');
    await apiJson(owner.context, 'DELETE', `/api/campaigns/${id}`);
    for (const p of [owner, admin]) await p.context.close();
  });

  it('a campaign deleted while its screen is open: Pause and Delete find nothing', async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await signIn(context, 'creator@reelfund.local');
    const film = await freeFilm(context);
    const id = (
      await apiJson<{ campaign: { campaign: { id: string } } }>(context, 'POST', '/api/campaigns', {
        movieId: film.id,
        title: `Gone ${uid()}`,
        goalAmount: 200_000,
        endDate: localDate(20),
      })
    ).campaign.campaign.id;
    await open(page, `/contributor/edit/${id}/campaign`);
    await apiJson(context, 'DELETE', `/api/campaigns/${id}`);
    await page.locator('[data-action="pause"]').click();
    await page.locator('dialog[data-dialog="pause"] [data-confirm]').click();
    await toastText(page, 'No campaign found to pause');
    await page.locator('[data-action="delete"]').click();
    await page.locator('dialog[data-dialog="delete"] [data-confirm]').click();
    await toastText(page, 'No campaign found to delete');
    await context.close();
  });

  it("'Campaign or video data not available': a stale screen whose refresh fails keeps what it shows", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 900 } });
    await page.clock.install();
    await signIn(context, 'creator@reelfund.local');
    const film = await freeFilm(context);
    const title = `Stale ${uid()}`;
    const id = (
      await apiJson<{ campaign: { campaign: { id: string } } }>(context, 'POST', '/api/campaigns', {
        movieId: film.id,
        title,
        goalAmount: 200_000,
        endDate: localDate(20),
      })
    ).campaign.campaign.id;
    await open(page, `/contributor/edit/${id}/campaign`);
    let refreshes = 0;
    await page.route(`**/api/campaigns/${id}`, (route) => {
      if (route.request().method() !== 'GET') return route.fallback();
      refreshes++;
      return route.abort('connectionfailed');
    });
    // Six minutes later the tab is focused again: the data is stale, the refresh (and its retry) fails.
    await page.clock.fastForward('06:00');
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await toastText(page, 'Campaign or video data not available');
    expect(refreshes).toBe(2);
    expect(await page.locator('#campaign-title').inputValue()).toBe(title);
    await apiJson(context, 'DELETE', `/api/campaigns/${id}`);
    await context.close();
  });

  it("'Video Not Found': the contributors screen of a film that does not exist", async () => {
    const { context, page } = await newPage(browser);
    await signIn(context, 'creator@reelfund.local');
    await page.goto(`/contributor/edit/${crypto.randomUUID()}/contributors`);
    await expect.poll(() => page.locator('[data-not-found="video"] h2').textContent()).toBe('Video Not Found');
    await context.close();
  });

  it("'Failed to load data': Mark all as read fails on the notifications page", async () => {
    const owner = await newPage(browser);
    await signIn(owner.context, 'creator@reelfund.local');
    const reader = await newPage(browser);
    const who = await signUp(reader.context, 'reader');
    const film = await freeFilm(owner.context);
    const id = (
      await apiJson<{ campaign: { campaign: { id: string } } }>(owner.context, 'POST', '/api/campaigns', {
        movieId: film.id,
        title: `Notice ${uid()}`,
        goalAmount: 200_000,
        endDate: localDate(20),
      })
    ).campaign.campaign.id;
    await apiJson(owner.context, 'POST', `/api/campaigns/${id}/members`, { userId: who.id, role: 'Grip' });
    await reader.page.route('**/api/notifications/read-all', (route) => route.abort('connectionfailed'));
    await reader.page.goto('/notifications');
    await reader.page.locator('[data-read-all]').click();
    await toastText(reader.page, 'Failed to load data');
    await apiJson(owner.context, 'DELETE', `/api/campaigns/${id}`);
    for (const p of [owner, reader]) await p.context.close();
  });
});
