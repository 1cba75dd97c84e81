import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORT_TEXT } from '../../functions/domain/reports/texts';
import { apiJson, approvedFilm, localDate, open, signIn, signUp, toastText, uid } from './api';
import { baseUrl, launchBrowser, newPage, screenshot as save } from './browser';
import { tap } from './tap';

/* Issue 44, item 3: the Report control, the admins' Reports tab, and a hidden item out of sight. */

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

async function person(prefix: string) {
  const p = await newPage(browser);
  const me = await signUp(p.context, prefix);
  return { ...p, ...me };
}
async function admin(width = 1366) {
  const p = await newPage(browser, { viewport: { width, height: 900 } });
  await signIn(p.context, 'admin@reelfund.local');
  return p;
}
const status = async (page: Page, path: string) => (await page.goto(path))?.status();

async function postListing(context: BrowserContext, title: string) {
  const { id } = await apiJson<{ id: string }>(context, 'POST', '/api/marketplace', {
    role: 'editor',
    kind: 'offering',
    title,
    description: 'Cuts short films.',
    pay: 'paid',
  });
  return id;
}

/** Sends a report through the item page's Report control; the control then says `answer`. */
async function reportThrough(
  page: Page,
  path: string,
  reason: string,
  note: string,
  answer: string = REPORT_TEXT.reportSent,
) {
  await open(page, path);
  await tap(page, '[data-report-control] summary');
  await page.locator('[data-report-ready]:not([disabled])').waitFor();
  await page.selectOption('[data-report-control] select[name="reason"]', reason);
  await page.fill('[data-report-control] textarea[name="note"]', note);
  await tap(page, '[data-report-send]');
  await expect.poll(() => page.locator('[data-report-sent]').textContent()).toBe(answer);
}

describe('reports', () => {
  it('a listing: reported, counted on the tab, hidden by an admin, 404 to others, told to its owner, audited', async () => {
    const owner = await person('lister');
    const word = `Rep${uid()}`;
    const listingId = await postListing(owner.context, `${word} film editor`);
    const reporter = await person('reporter');
    await reportThrough(reporter.page, `/collaborate/${listingId}`, 'spam', 'Posted the same thing three times');
    // Once per person and item: the form says so the second time.
    await reportThrough(reporter.page, `/collaborate/${listingId}`, 'scam', 'Again', REPORT_TEXT.reportAlreadyOpen);

    for (const width of [375, 1366]) {
      const a = await admin(width);
      await open(a.page, '/admin?tab=reports');
      expect(
        Number(
          await a.page
            .locator('[data-tab-count="reports"]')
            .first()
            .textContent()
            .then((t) => Number.parseInt(t ?? '0', 10)),
        ),
      ).toBeGreaterThan(0);
      const group = a.page.locator(`[data-report-group="listing:${listingId}"]`);
      await expect.poll(() => group.locator('[data-report-count]').textContent()).toBe('1 open');
      await expect.poll(() => group.textContent()).toContain('Posted the same thing three times');
      await screenshot(a.page, `admin-reports-${width}`);
      expect(a.errors).toEqual([]);
      await a.context.close();
    }

    const a = await admin();
    await open(a.page, '/admin?tab=reports');
    const group = a.page.locator(`[data-report-group="listing:${listingId}"]`);
    await group.locator('input[name="reason"]').fill('Spam: the same listing many times');
    await tap(a.page, group.locator('[data-report-hide]'));
    await toastText(a.page, REPORT_TEXT.reportHidden);
    await expect.poll(() => a.page.locator(`[data-report-group="listing:${listingId}"]`).count()).toBe(0);

    // Out of sight for everyone else: its page, the marketplace's list and search, its author's profile.
    expect(await status(reporter.page, `/collaborate/${listingId}`)).toBe(404);
    await open(reporter.page, `/marketplace?q=${word}`);
    expect(await reporter.page.locator(`[data-listing="${listingId}"]`).count()).toBe(0);
    await open(reporter.page, `/creator/${owner.id}`);
    expect(await reporter.page.locator(`[data-listing="${listingId}"]`).count()).toBe(0);
    // Its owner still sees it, marked hidden, and was told why.
    expect(await status(owner.page, `/collaborate/${listingId}`)).toBe(200);
    await owner.page.locator('[data-hidden-note]').waitFor();
    const { items } = await apiJson<{ items: { title: string; message: string }[] }>(
      owner.context,
      'GET',
      '/api/notifications',
    );
    expect(
      items.some(
        (n) => n.title === 'Your marketplace listing was hidden' && n.message.includes('Spam: the same listing'),
      ),
    ).toBe(true);
    // The audit shows it.
    await open(a.page, '/admin?tab=audit&verb=hideReportedItem');
    await expect
      .poll(() => a.page.locator('[data-audit-entry]').first().textContent())
      .toContain(`${word} film editor`);
    for (const p of [a, owner, reporter]) await p.context.close();
  });

  it('dismissing keeps the item and empties its reports', async () => {
    const owner = await person('kept');
    const listingId = await postListing(owner.context, `Kept ${uid()}`);
    const reporter = await person('reporter');
    await reportThrough(reporter.page, `/collaborate/${listingId}`, 'other', 'Not sure about this one');
    const a = await admin();
    await open(a.page, '/admin?tab=reports');
    await tap(a.page, a.page.locator(`[data-report-group="listing:${listingId}"] [data-report-dismiss]`));
    await toastText(a.page, REPORT_TEXT.reportDismissed);
    await expect.poll(() => a.page.locator(`[data-report-group="listing:${listingId}"]`).count()).toBe(0);
    expect(await status(reporter.page, `/collaborate/${listingId}`)).toBe(200);
    for (const p of [a, owner, reporter]) await p.context.close();
  });

  it('a film with a live campaign: the stake shown, paused from the report, then hidden from every surface', async () => {
    const creator = await newPage(browser);
    await signIn(creator.context, 'creator@reelfund.local');
    const a = await admin();
    const title = `Reported Film ${uid()}`;
    const filmId = (await approvedFilm(creator.context, title, 'Made for a report test.')).id;
    const { campaign } = await apiJson<{ campaign: { campaign: { id: string } } }>(
      creator.context,
      'POST',
      '/api/campaigns',
      {
        movieId: filmId,
        title: `Campaign ${uid()}`,
        goalAmount: 500_000,
        endDate: localDate(30),
      },
    );
    const campaignId = campaign.campaign.id;
    await apiJson(creator.context, 'POST', `/api/campaigns/${campaignId}/submit`, {});
    await apiJson(a.context, 'POST', `/api/campaigns/${campaignId}/approve`, {});
    await apiJson(creator.context, 'POST', `/api/campaigns/${campaignId}/launch`, {});

    const reporter = await person('reporter');
    await reportThrough(reporter.page, `/movie/${filmId}`, 'copyright', 'This is someone else’s film');
    await open(a.page, '/admin?tab=reports');
    const group = a.page.locator(`[data-report-group="film:${filmId}"]`);
    await expect.poll(() => group.locator('[data-report-stake]').textContent()).toContain('held in escrow, 0 backers');
    await tap(a.page, group.locator('[data-report-pause]'));
    await toastText(a.page, REPORT_TEXT.reportPaused);
    const view = await apiJson<{ campaign: { campaign: { status: string } } }>(
      a.context,
      'GET',
      `/api/campaigns/${campaignId}`,
    );
    expect(view.campaign.campaign.status).toBe('paused');
    await expect.poll(() => a.page.locator(`[data-report-group="film:${filmId}"] [data-report-pause]`).count()).toBe(0);

    await a.page.locator(`[data-report-group="film:${filmId}"] input[name="reason"]`).fill('Copyright claim');
    await tap(a.page, a.page.locator(`[data-report-group="film:${filmId}"] [data-report-hide]`));
    await toastText(a.page, REPORT_TEXT.reportHidden);

    expect(await status(reporter.page, `/movie/${filmId}`)).toBe(404);
    // Its funding, donation and coins pages are gone with it.
    for (const page of ['fund', 'donate', 'coins'])
      expect(await status(reporter.page, `/movie/${filmId}/${page}`)).toBe(404);
    await open(reporter.page, `/search?q=${encodeURIComponent(title)}`);
    expect(await reporter.page.locator(`[data-search-hit="${filmId}"]`).count()).toBe(0);
    await expect
      .poll(async () => {
        await reporter.page.goto('/');
        return reporter.page.locator(`[data-film-id="${filmId}"]`).count();
      })
      .toBe(0);
    const me = await apiJson<{ user: { id: string } }>(creator.context, 'GET', '/api/me');
    await open(reporter.page, `/creator/${me.user.id}`);
    expect(await reporter.page.locator(`[data-film-id="${filmId}"]`).count()).toBe(0);
    expect(await reporter.page.locator(`[data-creator-campaign="${campaignId}"]`).count()).toBe(0);
    const live = (await (await fetch(`${baseUrl()}/api/campaigns/live`)).json()) as {
      campaigns: { campaignId: string }[];
    };
    expect(live.campaigns.map((c) => c.campaignId)).not.toContain(campaignId);
    // Its owner still opens it.
    expect(await status(creator.page, `/movie/${filmId}`)).toBe(200);
    expect(await status(creator.page, `/movie/${filmId}/coins`)).toBe(200);
    for (const p of [a, creator, reporter]) await p.context.close();
  });

  it('a creator profile: reported from the profile, hidden, 404 to others but its owner', async () => {
    const owner = await person('profiled');
    const reporter = await person('reporter');
    await reportThrough(reporter.page, `/creator/${owner.id}`, 'abuse', 'Insults people in messages');
    const a = await admin();
    await open(a.page, '/admin?tab=reports');
    const group = a.page.locator(`[data-report-group="profile:${owner.id}"]`);
    await group.locator('input[name="reason"]').fill('Harassment');
    await tap(a.page, group.locator('[data-report-hide]'));
    await toastText(a.page, REPORT_TEXT.reportHidden);
    expect(await status(reporter.page, `/creator/${owner.id}`)).toBe(404);
    expect(await status(owner.page, `/creator/${owner.id}`)).toBe(200);
    expect(await status(a.page, `/creator/${owner.id}`)).toBe(200);
    for (const p of [a, owner, reporter]) await p.context.close();
  });

  it('the Hidden list: a hidden film listed with who, when and why; Unhide puts it back in the catalogue', async () => {
    const creator = await newPage(browser);
    await signIn(creator.context, 'creator@reelfund.local');
    const a = await admin();
    const title = `Hidden Film ${uid()}`;
    const filmId = (await approvedFilm(creator.context, title, 'Made for a report test.')).id;
    const reporter = await person('reporter');
    await reportThrough(reporter.page, `/movie/${filmId}`, 'copyright', 'Not theirs');
    // Not an admin: the list's API refuses.
    expect((await reporter.context.request.get('/api/admin/hidden?page=1')).status()).toBe(403);

    await open(a.page, '/admin?tab=reports');
    const group = a.page.locator(`[data-report-group="film:${filmId}"]`);
    await group.locator('input[name="reason"]').fill('Copyright claim');
    await tap(a.page, group.locator('[data-report-hide]'));
    await toastText(a.page, REPORT_TEXT.reportHidden);
    expect(await status(reporter.page, `/movie/${filmId}`)).toBe(404);

    const row = a.page.locator(`[data-hidden-item="film:${filmId}"]`);
    await expect.poll(() => row.locator('h3 a').textContent()).toBe(title);
    expect(await row.locator('h3 a').getAttribute('href')).toBe(`/movie/${filmId}`);
    expect(await row.locator('[data-hidden-by]').textContent()).toMatch(
      /^Hidden by \S+ on \w{3} \d{1,2}, \d{4}, \d\d:\d\d UTC$/,
    );
    expect(await row.locator('[data-hidden-reasons]').textContent()).toContain('Copyright: not theirs to post');
    expect(await row.locator('[data-hidden-note]').textContent()).toContain('Copyright claim');
    // Newest first: the film just hidden heads the list.
    expect(await a.page.locator('[data-hidden-item]').first().getAttribute('data-hidden-item')).toBe(`film:${filmId}`);
    for (const width of [375, 1366]) {
      const look = await admin(width);
      await open(look.page, '/admin?tab=reports#hidden');
      await look.page.locator('[data-unhide]:not([disabled])').first().waitFor();
      await screenshot(look.page, `admin-hidden-${width}`);
      expect(look.errors).toEqual([]);
      await look.context.close();
    }

    await tap(a.page, row.locator('[data-unhide]'));
    await expect
      .poll(() => row.locator('[data-unhide-confirm]').textContent())
      .toContain(`Show “${title}” to everyone again?`);
    await screenshot(a.page, 'admin-hidden-confirm-1366');
    await tap(a.page, row.locator('[data-unhide-yes]'));
    await toastText(a.page, REPORT_TEXT.hiddenUnhidden);
    await expect.poll(() => row.count()).toBe(0);

    // Back in the catalogue for everyone.
    expect(await status(reporter.page, `/movie/${filmId}`)).toBe(200);
    await expect
      .poll(async () => {
        await reporter.page.goto(`/search?q=${encodeURIComponent(title)}`);
        return reporter.page.locator(`[data-search-hit="${filmId}"]`).count();
      })
      .toBe(1);
    // And off the list after a reload.
    await open(a.page, '/admin?tab=reports');
    expect(await a.page.locator(`[data-hidden-item="film:${filmId}"]`).count()).toBe(0);
    for (const p of [a, creator, reporter]) await p.context.close();
  });

  it('the Report control at 375 and 1366 px', async () => {
    const owner = await person('shown');
    const listingId = await postListing(owner.context, `Shown ${uid()}`);
    for (const width of [375, 1366]) {
      const viewer = await newPage(browser, { viewport: { width, height: 900 } });
      await signUp(viewer.context, 'looker');
      await open(viewer.page, `/collaborate/${listingId}`);
      await tap(viewer.page, '[data-report-control] summary');
      await viewer.page.locator('[data-report-ready]:not([disabled])').waitFor();
      await screenshot(viewer.page, `report-control-${width}`);
      expect(viewer.errors).toEqual([]);
      await viewer.context.close();
    }
    await owner.context.close();
  });
});
