import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../functions/auth/password-policy';
import { AVATAR_MAX_BYTES, AVATAR_TEXT } from '../../functions/domain/users/avatar';
import { fileOf, png } from '../support/media';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const unique = (prefix: string) => `${prefix}_${crypto.randomUUID().replaceAll('-', '').slice(0, 10)}`;
const PASSWORD = 'account-password-1';

/** Signs up through the API inside the browser context, so the session cookie lands in the browser. */
async function signUp(context: BrowserContext, name = unique('acct')) {
  const res = await context.request.post('/api/auth/sign-up/email', {
    data: { email: `${name}@example.test`, password: PASSWORD, name },
    headers: { origin: baseUrl() },
  });
  expect(res.status(), await res.text()).toBe(200);
  return { name, email: `${name}@example.test` };
}

const toastText = (page: Page) => page.locator('[data-toaster] .toast').first();

describe('Account Settings', () => {
  it('shows the email, changes the username, and the header shows the new name after a reload', async () => {
    const { page, context, errors } = await newPage(browser);
    const me = await signUp(context);
    await page.goto('/account');
    await expect(page.locator('h1').textContent()).resolves.toBe('Account Settings');
    await expect(page.locator('#email').inputValue()).resolves.toBe(me.email);
    await expect(page.locator('#email').getAttribute('readonly')).resolves.not.toBeNull();
    await expect(page.locator('#username').inputValue()).resolves.toBe(me.name);

    const renamed = unique('renamed');
    await page.fill('#username', renamed);
    await page.click('[data-profile-form] button[type="submit"]');
    await toastText(page).waitFor();
    await expect(toastText(page).textContent()).resolves.toContain('Profile updated');
    await expect(page.locator('[data-profile-form] [data-form-error]').isHidden()).resolves.toBe(true);

    await page.reload();
    await expect(page.locator('#username').inputValue()).resolves.toBe(renamed);
    await expect(page.locator('[data-menu-button] [data-who]').textContent()).resolves.toBe(renamed);
    await screenshot(page, 'account-settings');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows a taken username inline and keeps the name', async () => {
    const taken = await (async () => {
      const { context } = await newPage(browser);
      const other = await signUp(context);
      await context.close();
      return other.name;
    })();
    const { page, context } = await newPage(browser);
    const me = await signUp(context);
    await page.goto('/account');
    await page.fill('#username', taken.toUpperCase());
    await page.click('[data-profile-form] button[type="submit"]');
    const error = page.locator('[data-profile-form] [data-form-error]');
    await error.waitFor();
    await expect(error.textContent()).resolves.toBe('That username is taken');
    await expect(page.locator('[data-toaster] .toast').count()).resolves.toBe(0);

    await page.reload();
    await expect(page.locator('#username').inputValue()).resolves.toBe(me.name);
    await context.close();
  });

  it('shows an invalid username message from the server inline', async () => {
    const { page, context } = await newPage(browser);
    await signUp(context);
    await page.goto('/account');
    await page.fill('#username', 'no spaces allowed');
    await page.click('[data-profile-form] button[type="submit"]');
    const error = page.locator('[data-profile-form] [data-form-error]');
    await error.waitFor();
    await expect(error.textContent()).resolves.toMatch(/letters, numbers/);
    await context.close();
  });

  it('changes the password: a wrong current password is refused inline, the right one works', async () => {
    const { page, context } = await newPage(browser);
    const me = await signUp(context);
    // The server refuses a wrong current password with its own message.
    const refused = await context.request.post('/api/auth/change-password', {
      data: { currentPassword: 'not-my-password', newPassword: 'brand-new-password-2' },
      headers: { origin: baseUrl() },
    });
    expect(refused.status()).toBe(400);
    expect(await refused.json()).toEqual({
      error: { code: 'wrong_password', message: PASSWORD_MESSAGES.currentIncorrect },
    });
    await page.goto('/account');
    const form = page.locator('[data-password-form]');
    const error = form.locator('[data-form-error]');

    await page.fill('#currentPassword', 'not-my-password');
    await page.fill('#newPassword', 'brand-new-password-2');
    await page.fill('#confirmPassword', 'brand-new-password-2');
    await form.locator('button[type="submit"]').click();
    await error.waitFor();
    await expect(error.textContent()).resolves.toBe('Current password is incorrect');
    for (const width of [375, 1366]) {
      await page.setViewportSize({ width, height: 900 });
      await form.scrollIntoViewIfNeeded();
      await screenshot(page, `account-wrong-password-${width}`);
    }

    await page.fill('#currentPassword', PASSWORD);
    await form.locator('button[type="submit"]').click();
    await toastText(page).waitFor();
    await expect(toastText(page).textContent()).resolves.toContain('Password changed');
    await expect(error.isHidden()).resolves.toBe(true);

    // The new password signs in; the old one no longer does.
    const signIn = (password: string) =>
      fetch(`${baseUrl()}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: baseUrl() },
        body: JSON.stringify({ email: me.email, password }),
      });
    expect((await signIn('brand-new-password-2')).status).toBe(200);
    expect((await signIn(PASSWORD)).status).not.toBe(200);
    await context.close();
  });

  it('uploads an avatar that the header and the profile show, refuses a wrong type or size, and removes it', async () => {
    const { page, context, errors } = await newPage(browser);
    const me = await signUp(context);
    const { user } = (await (await context.request.get('/api/me')).json()) as { user: { id: string } };
    await page.goto('/account');
    const preview = page.locator('[data-avatar-preview]');
    const error = page.locator('[data-avatar-error]');
    const remove = page.locator('[data-avatar-remove]');
    const headerAvatar = page.locator('[data-menu-button] [data-avatar]');
    await expect(remove.isHidden()).resolves.toBe(true);
    await expect(preview.textContent()).resolves.toBe(me.name.charAt(0).toUpperCase());

    // Refused before anything is sent: not an image by its bytes, whatever its name; too large.
    await page.setInputFiles('[data-avatar-input]', {
      name: 'face.png',
      mimeType: 'image/png',
      buffer: Buffer.from('GIF89a, not what the name says'),
    });
    await expect.poll(() => error.textContent()).toBe(AVATAR_TEXT.avatarNotAnImage);
    await page.setInputFiles('[data-avatar-input]', {
      name: 'huge.png',
      mimeType: 'image/png',
      buffer: Buffer.from(fileOf(png(), AVATAR_MAX_BYTES + 1)),
    });
    await expect.poll(() => error.textContent()).toBe(AVATAR_TEXT.avatarTooLarge(AVATAR_MAX_BYTES));
    await expect((await context.request.get('/api/me')).json()).resolves.toMatchObject({
      profile: { avatarUrl: null },
    });

    // A real picture (a demo poster) is saved at once and shown in the preview and the header.
    await page.setInputFiles('[data-avatar-input]', 'functions/seed/media/posters/bee-season.webp');
    await expect.poll(() => toastText(page).textContent()).toContain(AVATAR_TEXT.avatarUpdated);
    await expect(error.isHidden()).resolves.toBe(true);
    const src = await preview.locator('img').getAttribute('src');
    expect(src).toMatch(/^\/api\/media\/avatars\/[0-9a-f-]{36}$/);
    await expect.poll(() => headerAvatar.evaluate((el) => (el as HTMLElement).style.backgroundImage)).toContain(src);
    await expect(remove.isVisible()).resolves.toBe(true);
    await screenshot(page, 'account-avatar-1280');
    await page.setViewportSize({ width: 390, height: 844 });
    await screenshot(page, 'account-avatar-390');
    await page.setViewportSize({ width: 1280, height: 800 });

    // After a reload, and on the profile page, where the picture really loads.
    await page.reload();
    await expect.poll(() => headerAvatar.evaluate((el) => (el as HTMLElement).style.backgroundImage)).toContain(src);
    await page.goto(`/creator/${user.id}`);
    const profileImage = page.locator(`[data-creator-profile] .user-avatar img`);
    await expect(profileImage.getAttribute('src')).resolves.toBe(src);
    await expect
      .poll(() => profileImage.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
      .toBeGreaterThan(0);

    // Removed: the initial again, everywhere.
    await page.goto('/account');
    await page.click('[data-avatar-remove]');
    await expect.poll(() => toastText(page).textContent()).toContain(AVATAR_TEXT.avatarRemoved);
    await expect(preview.textContent()).resolves.toBe(me.name.charAt(0).toUpperCase());
    await expect.poll(() => headerAvatar.textContent()).toBe(me.name.charAt(0).toUpperCase());
    await expect(remove.isHidden()).resolves.toBe(true);
    expect(errors).toEqual([]);
    await context.close();
  });
});
