import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MARKETPLACE_TEXT } from '../../functions/domain/marketplace/texts';
import { apiJson, open, signUp, toastText, uid } from './api';
import { launchBrowser, newPage, screenshot } from './browser';
import { tap } from './tap';

/*
 * Issue 43: post a listing on /marketplace, another person finds it by search and role; close and
 * reopen; ask to collaborate, accept, both agree; decline and withdraw; a stranger gets 404.
 */

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const listing = (title: string) => `[data-listings] [data-listing]:has([data-listing-title]:text-is("${title}"))`;

describe('the creator marketplace', () => {
  it('a person posts a listing, another finds it by search and role filter, the author closes and reopens it', async () => {
    const word = `Kestrel${uid().replace(/[^a-z0-9]/gi, '')}`;
    const title = `${word} sound recordist`;
    const author = await newPage(browser, { viewport: { width: 375, height: 900 } });
    await signUp(author.context, 'lister');
    await open(author.page, '/marketplace');
    await author.page.locator('#listing-kind').selectOption('offering');
    await author.page.locator('#listing-role').selectOption('sound');
    await author.page.locator('#listing-pay').selectOption('revenue_share');
    await author.page.locator('#listing-title').fill(title);
    await author.page.locator('#listing-description').fill('Location sound for shorts and documentaries.');
    await author.page.locator('#listing-location').fill('Porto');
    await tap(author.page, '[data-listing-submit]');
    const mine = author.page.locator('[data-my-listings] [data-listing]', { hasText: title });
    await expect.poll(() => mine.count()).toBe(1);
    await toastText(author.page, MARKETPLACE_TEXT.listingPosted);
    await screenshot(author.page, 'marketplace-375');

    const other = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signUp(other.context, 'finder');
    await open(other.page, '/marketplace');
    await other.page.locator('#listing-q').fill(word.toLowerCase());
    await other.page.locator('#filter-role').selectOption('sound');
    await tap(other.page, '[data-listing-filters] button[type="submit"]');
    await expect.poll(() => other.page.locator(listing(title)).count()).toBe(1);
    const card = other.page.locator(listing(title));
    expect(await card.textContent()).toContain('Revenue share');
    expect(await card.textContent()).toContain('Porto');
    await screenshot(other.page, 'marketplace-1366');
    await open(other.page, `/marketplace?q=${word}&role=editor`);
    expect(await other.page.locator(listing(title)).count()).toBe(0);

    await tap(author.page, `[data-my-listings] [data-listing]:has-text("${title}") [data-listing-close]`);
    await expect
      .poll(() =>
        author.page.locator(`[data-my-listings] [data-listing][data-status="closed"]`, { hasText: title }).count(),
      )
      .toBe(1);
    await open(other.page, `/marketplace?q=${word}`);
    expect(await other.page.locator(listing(title)).count()).toBe(0);
    const id = await mine.getAttribute('data-listing');
    await open(other.page, `/collaborate/${id}`);
    expect(await other.page.locator('[data-listing-closed]').textContent()).toContain(
      MARKETPLACE_TEXT.listingClosedNote,
    );
    await screenshot(other.page, 'collaborate-closed-1366');

    await tap(author.page, `[data-my-listings] [data-listing]:has-text("${title}") [data-listing-reopen]`);
    await expect
      .poll(() =>
        author.page.locator(`[data-my-listings] [data-listing][data-status="open"]`, { hasText: title }).count(),
      )
      .toBe(1);
    await open(other.page, `/marketplace?q=${word}`);
    expect(await other.page.locator(listing(title)).count()).toBe(1);
    // The author's profile lists their open listings.
    const profile = await other.page.locator(listing(title)).locator('[data-listing-author]').getAttribute('href');
    await open(other.page, profile ?? '/');
    expect(await other.page.locator('[data-creator-listings] [data-listing-title]').allTextContents()).toContain(title);
    await screenshot(other.page, 'creator-listings-1366');
    expect(author.errors).toEqual([]);
    expect(other.errors).toEqual([]);
    await author.context.close();
    await other.context.close();
  });

  it('an unknown listing is the 404 page', async () => {
    const { context, page } = await newPage(browser);
    await signUp(context, 'lost');
    const res = await page.goto(`/collaborate/${crypto.randomUUID()}`);
    expect(res?.status()).toBe(404);
    await context.close();
  });

  it('another person asks to collaborate; the author accepts; both agree; a stranger gets 404', async () => {
    const title = `Colourist ${uid()}`;
    const author = await newPage(browser, { viewport: { width: 1366, height: 900 } });
    await signUp(author.context, 'collab_author');
    const { id: listingId } = await apiJson<{ id: string }>(author.context, 'POST', '/api/marketplace', {
      kind: 'seeking',
      role: 'editor',
      pay: 'paid',
      title,
      description: 'Grade a short documentary.',
    });

    const asker = await newPage(browser, { viewport: { width: 375, height: 900 } });
    await signUp(asker.context, 'collab_asker');
    await open(asker.page, `/collaborate/${listingId}`);
    await asker.page.waitForSelector('[data-request-form] fieldset:not([disabled])');
    await asker.page.locator('#request-message').fill('I grade documentaries in DaVinci Resolve.');
    await screenshot(asker.page, 'collaborate-form-375');
    await tap(asker.page, '[data-request-submit]');
    await expect.poll(() => asker.page.url()).toContain('/collaboration/');
    await toastText(asker.page, MARKETPLACE_TEXT.requestSent);
    const requestId = new URL(asker.page.url()).pathname.split('/').pop() ?? '';
    expect(await asker.page.locator('[data-collaboration-thread]').textContent()).toContain('DaVinci Resolve');
    // The listing's page now links to the request instead of the form.
    await open(asker.page, `/collaborate/${listingId}`);
    expect(await asker.page.locator('[data-my-request] a').getAttribute('href')).toBe(`/collaboration/${requestId}`);

    // The author finds it under "Mine", answers and agrees.
    await open(author.page, '/marketplace#mine');
    await tap(author.page, `[data-my-collaborations] a[href="/collaboration/${requestId}"]`);
    await expect.poll(() => author.page.url()).toContain(`/collaboration/${requestId}`);
    await author.page.waitForSelector('[data-collaboration-actions] fieldset:not([disabled])');
    await author.page.locator('#collaboration-answer').fill('Welcome aboard.');
    await screenshot(author.page, 'collaboration-waiting-1366');
    await tap(author.page, '[data-collaboration-action="accept"]');
    await expect.poll(() => author.page.locator('[data-collaboration]').getAttribute('data-status')).toBe('accepted');
    await author.page.waitForSelector('[data-collaboration-actions] fieldset:not([disabled])');
    await tap(author.page, '[data-collaboration-action="agree"]');
    await expect.poll(() => author.page.locator('[data-side="me"]').textContent()).toContain('Agreed');

    await open(asker.page, `/collaboration/${requestId}`);
    await asker.page.waitForSelector('[data-collaboration-actions] fieldset:not([disabled])');
    await tap(asker.page, '[data-collaboration-action="agree"]');
    await expect.poll(() => asker.page.locator('[data-collaboration]').getAttribute('data-status')).toBe('agreed');
    expect(await asker.page.locator('[data-agreement]').getAttribute('data-agreement')).toBe('active');
    expect(await asker.page.locator('[data-collaboration-thread]').textContent()).toContain('Welcome aboard.');
    await screenshot(asker.page, 'collaboration-agreed-375');
    await open(author.page, `/collaboration/${requestId}`);
    await screenshot(author.page, 'collaboration-agreed-1366');
    await open(author.page, '/marketplace#mine');
    expect(await author.page.locator('[data-my-agreements]').textContent()).toContain(title);
    await screenshot(author.page, 'marketplace-mine-1366');

    // A stranger: 404 for the collaboration, in either frame.
    const stranger = await newPage(browser);
    await signUp(stranger.context, 'collab_stranger');
    expect((await stranger.page.goto(`/collaboration/${requestId}`))?.status()).toBe(404);

    // A second request: declined with a message; a third: withdrawn by the asker.
    const second = await apiJson<{ id: string }>(asker.context, 'POST', `/api/marketplace/${listingId}/requests`, {
      message: 'Also available for titles.',
    });
    await open(author.page, `/collaboration/${second.id}`);
    await author.page.waitForSelector('[data-collaboration-actions] fieldset:not([disabled])');
    await author.page.locator('#collaboration-answer').fill('Not for titles, thanks.');
    await tap(author.page, '[data-collaboration-action="decline"]');
    await expect.poll(() => author.page.locator('[data-collaboration]').getAttribute('data-status')).toBe('declined');
    const third = await apiJson<{ id: string }>(asker.context, 'POST', `/api/marketplace/${listingId}/requests`, {
      message: 'One more idea.',
    });
    await open(asker.page, `/collaboration/${third.id}`);
    await asker.page.waitForSelector('[data-collaboration-actions] fieldset:not([disabled])');
    await tap(asker.page, '[data-collaboration-action="withdraw"]');
    await expect.poll(() => asker.page.locator('[data-collaboration]').getAttribute('data-status')).toBe('withdrawn');

    expect(author.errors).toEqual([]);
    expect(asker.errors).toEqual([]);
    for (const p of [author, asker, stranger]) await p.context.close();
  });
});
