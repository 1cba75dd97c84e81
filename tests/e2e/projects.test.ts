import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROJECT_TEXT } from '../../functions/domain/projects/texts';
import { open, signIn, signUp, toastText, uid } from './api';
import { screenshot as capture, launchBrowser, newPage } from './browser';
import { tap } from './tap';

/*
 * Issue 44 items 1 and 2 (docs/projects.md): post a project with roles needed on /post-project, its
 * listings appear in the marketplace, another person finds it by stage and role and gets 404 on its
 * edit page, the owner edits it; the seeded creator's dashboard shows what waits for her.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

/** A screenshot once the first visit's loading screen has gone. */
async function screenshot(page: Page, name: string) {
  await page.locator('[data-coming-soon-loading-screen]').waitFor({ state: 'hidden' });
  await capture(page, name);
}

const card = (title: string) => `[data-projects] [data-project]:has([data-project-title]:text-is("${title}"))`;

describe('projects', () => {
  it('a person posts a project with roles needed; others find it and its listings; only the owner edits', async () => {
    const word = `Puffin${uid()}`;
    const title = `${word} lighthouse`;
    const owner = await newPage(browser, { viewport: { width: 375, height: 900 } });
    await signUp(owner.context, 'projector');
    await open(owner.page, '/post-project');
    await screenshot(owner.page, 'post-project-375');
    await owner.page.locator('#project-title').fill(title);
    await owner.page.locator('#project-logline').fill('A keeper and the last ship of the season.');
    await owner.page.locator('#project-description').fill('A short drama on a northern island.');
    await owner.page.locator('#project-stage').selectOption('shooting');
    await owner.page.locator('input[name="newRole"][value="composer"]').check();
    await owner.page.locator('input[name="newRole"][value="sound"]').check();
    await owner.page.locator('#project-pay').selectOption('revenue_share');
    await tap(owner.page, '[data-project-submit]');
    await owner.page.waitForURL(/\/projects/);
    await toastText(owner.page, PROJECT_TEXT.posted);
    const mine = owner.page.locator('[data-my-projects] [data-project]', { hasText: title });
    await expect.poll(() => mine.count()).toBe(1);
    await screenshot(owner.page, 'projects-375');
    const id = await mine.getAttribute('data-project');

    const other = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signUp(other.context, 'seeker');
    await open(other.page, `/projects?q=${word}&stage=shooting&role=composer`);
    await expect.poll(() => other.page.locator(card(title)).count()).toBe(1);
    const roles = await other.page.locator(card(title)).locator('[data-project-role]').allTextContents();
    expect(roles).toEqual(['Composer', 'Sound']);
    await screenshot(other.page, 'projects-1366');
    await open(other.page, `/projects?q=${word}&stage=development`);
    expect(await other.page.locator(card(title)).count()).toBe(0);
    // Its roles are listings in the marketplace.
    await open(other.page, `/marketplace?q=${word}&role=sound`);
    await expect.poll(() => other.page.locator('[data-listings] [data-listing]').count()).toBe(1);
    // Only the owner edits: anyone else gets the 404 page.
    const res = await other.page.goto(`/edit-project/${id}`);
    expect(res?.status()).toBe(404);

    await open(owner.page, `/edit-project/${id}`);
    await screenshot(owner.page, 'edit-project-375');
    await owner.page.locator('#project-title').fill(`${title} II`);
    await owner.page.locator('#project-stage').selectOption('post-production');
    await tap(owner.page, '[data-project-submit]');
    await owner.page.waitForURL(/\/projects/);
    await toastText(owner.page, PROJECT_TEXT.saved);
    await open(other.page, `/projects?q=${word}&stage=post-production`);
    await expect.poll(() => other.page.locator(card(`${title} II`)).count()).toBe(1);
    await other.context.close();
    await owner.context.close();
  });

  it('the seeded creator sees what waits for her, her films, campaigns and projects on the dashboard', async () => {
    for (const width of [375, 1366]) {
      const { page, context } = await newPage(browser, { viewport: { width, height: 900 } });
      await signIn(context, 'creator@reelfund.local');
      await open(page, '/contributor');
      const kinds = await page
        .locator('[data-waiting]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-waiting')));
      for (const kind of ['invitation', 'share-approval', 'vote', 'collaboration', 'payouts'])
        expect(kinds).toContain(kind);
      expect(await page.locator('[data-overview-film]').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-overview-campaign] [data-backers]').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-overview-project]').count()).toBeGreaterThanOrEqual(2);
      expect(await page.locator('[data-overview]').textContent()).not.toContain('Your overview will appear here.');
      await screenshot(page, `contributor-dashboard-${width}`);
      if (width === 1366) {
        // The seeded project with the live campaign shows what it raised.
        await open(page, '/projects?q=Harbour');
        expect(await page.locator('[data-projects] [data-project] [data-project-raised]').count()).toBe(1);
        await screenshot(page, 'projects-seeded-1366');
      }
      await context.close();
    }
  });
});
