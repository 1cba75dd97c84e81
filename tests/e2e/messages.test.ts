import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, signIn, signUp } from './api';
import { launchBrowser, newPage, screenshot } from './browser';

/** /messages "New message": find someone by username, open the thread ready to write, send. */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe('starting a conversation from /messages', () => {
  it('finds someone by username in any case, opens the thread ready to write; the recipient reads it live', async () => {
    const guest = await newPage(browser);
    const to = await signUp(guest.context, 'pick');

    // An editor may start conversations (the Messages link is for creators, admins and editors).
    const { context, page, errors } = await newPage(browser);
    await signIn(context, 'editor@reelfund.local');
    const me = await apiJson<{ user: { id: string }; profile: { username: string } }>(context, 'GET', '/api/me');
    await page.goto('/messages');
    const panel = page.locator('[data-new-message]');
    expect(await panel.isHidden()).toBe(true);
    await page.click('[data-new-message-toggle]');
    expect(await page.getAttribute('[data-new-message-toggle]', 'aria-expanded')).toBe('true');
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-recipient-search'));

    // Oneself is never offered.
    await page.fill('[data-recipient-search]', me.profile.username);
    await page.waitForFunction(
      () => document.querySelector('[data-recipient-status]')?.textContent === 'No one found with that username',
    );

    await page.fill('[data-recipient-search]', to.username.toUpperCase());
    await page.waitForSelector(`[data-recipient="${to.username}"]`);
    expect(await page.locator('[data-recipient]').count()).toBe(1);
    expect(await page.textContent('[data-recipient-status]')).toBe('1 person found');
    await screenshot(page, 'messages-new-message');

    await Promise.all([
      page.waitForURL(`**/messages/${to.id}?newMessage=true`),
      page.click(`[data-recipient="${to.username}"]`),
    ]);
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-compose-message'));
    expect(await page.textContent('[data-thread-title]')).toBe(to.username);
    await page.fill('#compose-subject', 'Hello');
    await page.fill('#compose-message', 'Found you through the search');
    await page.click('[data-send]');
    await page.waitForSelector('[data-message]');
    expect(await page.locator('[data-message]').first().textContent()).toContain('Found you through the search');

    await page.goto('/messages');
    await page.waitForSelector(`[data-conversation="${to.id}"]`);
    expect(errors).toEqual([]);

    // The recipient: the list and the bell show it unread; reading the list changes nothing.
    const unread = async () =>
      (await apiJson<{ unread: { messages: number } }>(guest.context, 'GET', '/api/notifications/summary')).unread
        .messages;
    const inbox = guest.page;
    await inbox.goto('/messages');
    await inbox.waitForSelector('[data-bell-root][data-live="open"]');
    await inbox.waitForFunction(() => document.querySelector('[data-bell-badge]')?.textContent === '1');
    await inbox.waitForSelector(`[data-conversation="${me.user.id}"][data-unread]`);
    expect(await unread()).toBe(1);
    // Opening the thread (in another tab, not through the bell) marks it read: the first tab's bell drops live.
    const thread = await guest.context.newPage();
    await thread.goto(`/messages/${me.user.id}`);
    await thread.waitForSelector('[data-message][data-new]');
    await inbox.waitForSelector('[data-bell-badge][hidden]', { state: 'attached' });
    expect(await unread()).toBe(0);
    // What arrives while the thread is open is read as it is shown.
    await apiJson(context, 'POST', `/api/messages/${to.id}`, { subject: '', message: 'Still there?' });
    await thread.waitForFunction(() =>
      [...document.querySelectorAll('[data-message]')].some((m) => m.textContent?.includes('Still there?')),
    );
    await expect.poll(unread).toBe(0);
    expect(guest.errors).toEqual([]);
    await guest.context.close();
    await context.close();
  });

  it('picks the first match with Enter from the keyboard', async () => {
    const guest = await newPage(browser);
    const to = await signUp(guest.context, 'kbd');
    await guest.context.close();
    const { context, page, errors } = await newPage(browser);
    await signIn(context, 'editor@reelfund.local');
    await page.goto('/messages');
    await page.focus('[data-new-message-toggle]');
    await page.keyboard.press('Enter');
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-recipient-search'));
    await page.keyboard.type(to.username);
    await page.waitForSelector(`[data-recipient="${to.username}"]`);
    await Promise.all([page.waitForURL(`**/messages/${to.id}?newMessage=true`), page.keyboard.press('Enter')]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('offers no New message to someone who may only reply', async () => {
    const { context, page, errors } = await newPage(browser);
    await signUp(context, 'reader');
    await page.goto('/messages');
    await page.waitForSelector('[data-empty]:not([hidden])');
    expect(await page.locator('[data-new-message-toggle]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
