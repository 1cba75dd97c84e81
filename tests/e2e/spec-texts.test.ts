import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MSG } from '../../functions/domain/messages';
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
    await toastText(page, MSG.createFailed.replace('{message}', ''));
  });

  it("'Error signing out': Sign Out when the request fails", async () => {
    const { context, page } = await newPage(browser, { viewport: { width: 1280, height: 800 } });
    await signUp(context, 'signout_fails');
    await page.route('**/api/account/sign-out', (route) => route.abort('connectionfailed'));
    await page.goto('/terms');
    await expect.poll(() => page.locator('.site-header').getAttribute('data-session')).toBe('signed-in');
    await tap(page, '[data-menu-button]');
    await tap(page, '#avatar-menu [data-sign-out]');
    await toastText(page, 'Error signing out');
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
});
