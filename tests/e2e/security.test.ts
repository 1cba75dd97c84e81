import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PASSWORD_MESSAGES } from '../../functions/auth/password-policy';
import { baseUrl, launchBrowser, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 8);

describe('/auth after sign-in goes to same-site paths only', () => {
  it.each(['%2F%09%2Fevil.example', '%2F%0A%2Fevil.example', '%2F%0D%2Fevil.example', '%2F%5Cevil.example'])(
    'a signed-in visitor on /auth?redirect=%s stays on the site',
    async (redirect) => {
      const { page, context } = await newPage(browser);
      const offSite: string[] = [];
      await context.route(
        (url) => url.host !== new URL(baseUrl()).host,
        async (route) => {
          offSite.push(route.request().url());
          await route.fulfill({ status: 200, body: 'off-site' });
        },
      );
      const res = await context.request.post(`${baseUrl()}/api/auth/sign-in/email`, {
        data: { email: 'viewer@reelfund.local', password: 'reelfund-demo' },
        headers: { origin: baseUrl() },
      });
      expect(res.status()).toBe(200);
      await page.goto(`/auth?redirect=${redirect}`);
      await page.waitForURL((url) => url.pathname !== '/auth' || url.host !== new URL(baseUrl()).host);
      expect(new URL(page.url()).host).toBe(new URL(baseUrl()).host);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(offSite).toEqual([]);
      await context.close();
    },
  );
});

describe('the sign-up screen', () => {
  it('refuses a common password with a message saying why', async () => {
    const { page, context } = await newPage(browser);
    const name = `weak_${uid()}`;
    await page.goto('/auth?mode=sign-up');
    await page.fill('#su-email', `${name}@example.test`);
    await page.fill('#su-username', name);
    await page.fill('#su-password', 'iloveyou');
    await page.click('[data-panel="sign-up"] button[type="submit"]');
    await expect
      .poll(() => page.locator('[data-panel="sign-up"] [data-error]').textContent(), { timeout: 20_000 })
      .toBe(PASSWORD_MESSAGES.common);
    await context.close();
  });

  it('answers an email that has an account without saying so, and tells its owner what to do', async () => {
    const { page, context } = await newPage(browser);
    await page.goto('/auth?mode=sign-up');
    await page.fill('#su-email', 'user@reelfund.local');
    await page.fill('#su-username', `again_${uid()}`);
    await page.fill('#su-password', 'a-fine-pass-phrase');
    await page.click('[data-panel="sign-up"] button[type="submit"]');
    const ok = page.locator('[data-panel="sign-up"] [data-ok]');
    await expect.poll(() => ok.textContent(), { timeout: 20_000 }).toMatch(/check your inbox/i);
    expect(await page.locator('[data-panel="sign-up"] [data-error]').textContent()).toBe('');
    expect(new URL(page.url()).pathname).toBe('/auth');
    await context.close();
  });
});
