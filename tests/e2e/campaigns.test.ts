import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../functions/domain/texts';
import { FALLBACK_ERROR, NETWORK_ERROR } from '../../src/lib/api-client';
import { apiJson, freeFilm, localDate, open, signIn, signUp, toastText, uid } from './api';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('campaigns in the browser', () => {
  it('create (bad goal, then good), invite, join in a second browser, submit, approve, launch, pause, resume', async () => {
    const owner = await newPage(browser);
    await signIn(owner.context, 'creator@reelfund.local');
    const film = await freeFilm(owner.context);
    const member = await newPage(browser);
    const guest = await signUp(member.context);

    // Create: a goal off the $1,000 steps is refused with the field rule's message, then a good one saves.
    const page = owner.page;
    await open(page, `/contributor/edit/${film.id}/campaign`);
    await page.locator('[data-campaign-settings][data-mode="create"]').waitFor();
    await page.fill('#campaign-title', `Browser campaign ${uid()}`);
    await page.fill('#campaign-description', 'Made in Chromium.');
    await page.fill('#campaign-goal', '1500');
    await page.fill('#campaign-end', localDate(14));
    await page.click('[data-action="save"]');
    await expect.poll(() => page.locator('[data-field-error="goalAmount"]').textContent()).toBe(TEXT.goalIncrement);
    await page.fill('#campaign-goal', '3000');
    await page.click('[data-action="save"]');
    await page.locator('[data-campaign-settings][data-mode="edit"]').waitFor();
    await toastText(page, TEXT.savedSuccessfully);
    await expect.poll(() => page.locator('.campaign-head [data-status]').textContent()).toBe('Draft');
    const mine = await apiJson<{ campaigns: { id: string; movieId: string }[] }>(
      owner.context,
      'GET',
      '/api/campaigns/mine',
    );
    const campaignId = mine.campaigns.find((c) => c.movieId === film.id)?.id as string;
    expect(campaignId).toBeTruthy();

    // Invite the guest by username search (case-insensitive).
    await page.fill('#member-search', guest.username.toUpperCase());
    await page.click(`[data-candidate="${guest.username}"]`);
    await page.fill('#member-role', 'Editor');
    await page.click('[data-action="add-member"]');
    await toastText(page, TEXT.contributorAdded);
    await expect
      .poll(() => page.locator(`[data-member="${guest.username}"]`).getAttribute('data-approved'))
      .toBe('false');
    await expect.poll(() => page.locator('[data-action="submit"]').textContent()).toBe(TEXT.waitingForTeam);
    expect(await page.locator('[data-action="submit"]').isDisabled()).toBe(true);

    // The guest opens the invitation in their own browser and joins; two seconds later, the campaigns tab.
    const guestPage = member.page;
    await open(guestPage, `/contributor/campaign-progress/${campaignId}?invitation=true`);
    await guestPage.click('[data-invitation="card"] [data-action="accept"]');
    await toastText(guestPage, TEXT.joinedCampaign);
    await guestPage.waitForURL(`${baseUrl()}/contributor?tab=campaigns`);
    await guestPage.locator(`[data-membership-row="${campaignId}"]`).waitFor();

    // Submit for approval.
    await page.reload();
    await page.waitForFunction(
      () => document.querySelectorAll('astro-island[ssr]:not([client="intent"])').length === 0,
    );
    await expect.poll(() => page.locator('[data-action="submit"]').textContent()).toBe('Submit for Approval');
    await page.click('[data-action="submit"]');
    await toastText(page, TEXT.submittedForApproval);
    await page.locator('[data-under-review]').waitFor();
    await screenshot(page, 'campaign-under-review');

    // The admin approves it from the applications tab.
    const admin = await newPage(browser);
    await signIn(admin.context, 'admin@reelfund.local');
    await admin.page.goto('/admin?tab=applications');
    // The tab reloads after a decision and shows the toast on the fresh page.
    await Promise.all([
      admin.page.waitForEvent('load'),
      admin.page.click(`[data-application="${campaignId}"] [data-approve]`),
    ]);
    await toastText(admin.page, 'Campaign approved');
    await expect.poll(() => admin.page.locator(`[data-application="${campaignId}"]`).count()).toBe(0);

    // The owner launches, pauses (with confirmation) and resumes.
    await page.reload();
    await page.waitForFunction(
      () => document.querySelectorAll('astro-island[ssr]:not([client="intent"])').length === 0,
    );
    await page.click('[data-action="launch"]');
    await toastText(page, TEXT.launched);
    await expect.poll(() => page.locator('.campaign-head [data-status]').textContent()).toBe('Live');
    await page.click('[data-action="pause"]');
    await page.click('[data-dialog="pause"] [data-confirm]');
    await toastText(page, TEXT.paused);
    await expect.poll(() => page.locator('.campaign-head [data-status]').textContent()).toBe('Paused');
    expect(await page.locator('[data-action="pause"]').isDisabled()).toBe(true);
    await page.click('[data-action="resume"]');
    await expect.poll(() => page.locator('.campaign-head [data-status]').textContent()).toBe('Live');
    await screenshot(page, 'campaign-live');

    for (const p of [owner, member, admin]) {
      expect(p.errors).toEqual([]);
      await p.context.close();
    }
  });

  it('declines an invitation with a message and lands on the messages page for the owner', async () => {
    const owner = await newPage(browser);
    await signIn(owner.context, 'creator@reelfund.local');
    const ownerId = (await apiJson<{ user: { id: string } }>(owner.context, 'GET', '/api/me')).user.id;
    const film = await freeFilm(owner.context);
    const created = await apiJson<{ campaign: { campaign: { id: string } } }>(owner.context, 'POST', '/api/campaigns', {
      movieId: film.id,
      title: `Decline ${uid()}`,
      goalAmount: 200_000,
      endDate: localDate(20),
    });
    const campaignId = created.campaign.campaign.id;
    const invitee = await newPage(browser);
    const guest = await signUp(invitee.context);
    await apiJson(owner.context, 'POST', `/api/campaigns/${campaignId}/members`, { userId: guest.id, role: 'Grip' });

    const page = invitee.page;
    await open(page, `/contributor/campaign-progress/${campaignId}?invitation=true`);
    await page.click('[data-invitation="card"] [data-action="decline"]');
    await page.fill('#decline-message', '  Thanks, but I am booked this year.  ');
    await page.click('[data-dialog="decline"] [data-confirm]');
    await page.waitForURL(`${baseUrl()}/messages/${ownerId}?newMessage=true`);
    expect(new URL(page.url()).pathname).toBe(`/messages/${ownerId}`);

    // The invitation is gone: the campaign is no longer the guest's to see.
    const res = await invitee.context.request.get(`${baseUrl()}/api/campaigns/${campaignId}`);
    expect(res.status()).toBe(404);
    expect(invitee.errors).toEqual([]);
    await owner.context.close();
    await invitee.context.close();
  });
});

describe("a campaign action's failure, through the one API client", () => {
  for (const width of [375, 1366]) {
    it(`at ${width} px says what the API answered, that it could not be reached, or that something went wrong`, async () => {
      const owner = await newPage(browser, { viewport: { width, height: 900 } });
      await signIn(owner.context, 'creator@reelfund.local');
      const film = await freeFilm(owner.context);
      const created = await apiJson<{ campaign: { campaign: { id: string } } }>(
        owner.context,
        'POST',
        '/api/campaigns',
        {
          movieId: film.id,
          title: `Unreachable ${uid()}`,
          goalAmount: 200_000,
          endDate: localDate(20),
        },
      );
      const page = owner.page;
      await open(page, `/contributor/edit-campaign/${created.campaign.campaign.id}`);
      const submit = page.locator('[data-action="submit"]');
      const pressSubmit = async () => {
        await expect.poll(() => submit.isEnabled()).toBe(true);
        await submit.click();
      };

      // The API's own message (its one error body) is what the toast says, as before.
      await page.route('**/api/campaigns/*/submit', (route) =>
        route.fulfill({ status: 409, json: { error: { code: 'conflict', message: 'Someone changed it first' } } }),
      );
      await pressSubmit();
      await toastText(page, `${TEXT.submitFailed}: Someone changed it first`);

      // No answer at all: the client's one network message, not the browser's "Failed to fetch".
      await page.unroute('**/api/campaigns/*/submit');
      await page.route('**/api/campaigns/*/submit', (route) => route.abort('failed'));
      await pressSubmit();
      await toastText(page, `${TEXT.submitFailed}: ${NETWORK_ERROR}`);
      await screenshot(page, `campaign-action-unreachable-${width}`);

      // An answer that is not the API's error shape (a proxy's page).
      await page.unroute('**/api/campaigns/*/submit');
      await page.route('**/api/campaigns/*/submit', (route) =>
        route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' }),
      );
      await pressSubmit();
      await toastText(page, `${TEXT.submitFailed}: ${FALLBACK_ERROR}`);
      expect(owner.errors).toEqual([]);
      // The demo creator's free films are shared by the whole e2e phase: give this one back.
      await page.unroute('**/api/campaigns/*/submit');
      await apiJson(owner.context, 'DELETE', `/api/campaigns/${created.campaign.campaign.id}`);
      await owner.context.close();
    });
  }
});

describe('a campaign that has taken money', () => {
  /** Static Bloom (Pixel Garden): milo_maker's live campaign, paid into by the seed. */
  const staticBloom = async () => {
    const live = (await (await fetch(`${baseUrl()}/api/campaigns/live`)).json()) as {
      campaigns: { campaignId: string; filmTitle: string }[];
    };
    const c = live.campaigns.find((x) => x.filmTitle === 'Pixel Garden');
    if (!c) throw new Error('the seed has Static Bloom live on Pixel Garden');
    return c.campaignId;
  };

  it.each([375, 1366])(
    'at %i px tells its owner who can cancel it and where, and an admin the control below',
    async (width) => {
      const campaignId = await staticBloom();
      const owner = await newPage(browser, { viewport: { width, height: 900 } });
      await signIn(owner.context, 'creator2@reelfund.local');
      await open(owner.page, `/contributor/edit-campaign/${campaignId}`);
      const note = owner.page.locator('[data-cannot-delete]');
      await note.waitFor();
      expect(await owner.page.locator('[data-action="delete"]').isDisabled()).toBe(true);
      // The owner has no Cancel control: the note does not tell them to use one, it says who can and where.
      const text = (await note.textContent()) ?? '';
      expect(text).not.toContain('Cancel it instead');
      expect(text).toContain(TEXT.campaignHasMoney);
      await expect(note.locator('a[data-cancel-where="contact"]').getAttribute('href')).resolves.toBe('/contact');
      // The screenshot after the gate's loading screen has gone.
      await owner.page.waitForSelector('html:not([data-coming-soon-loading])');
      await note.scrollIntoViewIfNeeded();
      await owner.page.screenshot({ path: `test-results/campaign-cannot-delete-owner-${width}.png` });

      const admin = await newPage(browser, { viewport: { width, height: 900 } });
      await signIn(admin.context, 'admin@reelfund.local');
      await open(admin.page, `/admin/edit/${campaignId}/campaign`);
      const adminNote = admin.page.locator('[data-cannot-delete]');
      await expect.poll(() => adminNote.textContent()).toBe(TEXT.cancelBelow);
      // The control it names is on the screen.
      await expect(admin.page.locator('#admin-status option[value="cancelled"]').count()).resolves.toBe(1);
      await admin.page.locator('[data-admin-controls]').scrollIntoViewIfNeeded();
      await admin.page.screenshot({ path: `test-results/campaign-cannot-delete-admin-${width}.png` });
      for (const p of [owner, admin]) {
        expect(p.errors).toEqual([]);
        await p.context.close();
      }
    },
  );

  it('fits a 375 px phone on every screen, its Revenue Sharing table included: nothing scrolls sideways', async () => {
    const campaignId = await staticBloom();
    const screens = [
      ['creator2@reelfund.local', `/contributor/edit-campaign/${campaignId}`],
      ['creator2@reelfund.local', `/contributor/campaign-progress/${campaignId}`],
      ['admin@reelfund.local', `/admin/edit/${campaignId}/campaign`],
      ['admin@reelfund.local', `/admin/edit/${campaignId}/contributors`],
    ] as const;
    for (const [email, path] of screens) {
      const p = await newPage(browser, { viewport: { width: 375, height: 800 } });
      await signIn(p.context, email);
      await open(p.page, path);
      await p.page.locator('[data-shares]').first().waitFor();
      const widths = await p.page.evaluate(() => ({
        page: document.documentElement.scrollWidth,
        main: Math.round(document.querySelector('main')?.getBoundingClientRect().right ?? 0),
      }));
      expect({ path, ...widths }).toEqual({ path, page: 375, main: expect.any(Number) });
      expect(widths.main).toBeLessThanOrEqual(375);
      await p.context.close();
    }
  });
});
