import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEXT } from '../../functions/domain/texts';
import { DEMO_COINS } from '../../functions/seed/coins';
import { open, signIn, toastText } from './api';
import { launchBrowser, newPage, screenshot } from './browser';

/**
 * Creator coins on the local chain of the server under test: the admin's Creator Coins tab and the
 * Deploy button on a campaign's settings. The demo's waiting coin (SALT) is deployed here, once per
 * server (the server's state is fresh for every run).
 */
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

const coinCard = (page: Page, symbol: string) =>
  page.locator('[data-coin]', { has: page.locator(`text=${symbol} ·`) }).first();

describe('creator coins, as the admin', () => {
  it('deploys the waiting coin from the card, then sees its addresses on the Creator Coins tab', async () => {
    for (const width of [390, 1280]) {
      const { context, page, errors } = await newPage(browser, { viewport: { width, height: 900 } });
      await signIn(context, 'admin@reelfund.local');
      await open(page, '/admin?tab=creator-coins');
      // The deployer and its balance on the local chain; the seeded coin deployed, with its four addresses.
      await expect.poll(() => page.locator('[data-deployer-address]').textContent()).toMatch(/^0x[0-9a-fA-F]{40}$/);
      await expect.poll(() => page.locator('[data-deployer-balance]').textContent()).toContain('ETH');
      const night = coinCard(page, DEMO_COINS.deployed.symbol);
      expect(await night.getAttribute('data-coin-state')).toBe('deployed');
      expect(await night.locator('[data-address]').count()).toBe(4);
      await screenshot(page, `coins-tab-${width}`);
      if (width === 390) {
        // Locally an address leads to the film's own coins page, which lists the contracts and the
        // split the coin pays by, pinned when it was deployed.
        const coinAddress = await night.locator('[data-address="coin"]').textContent();
        await night.locator('[data-address="coin"] a').click();
        await page.waitForURL(/\/movie\/[^/]+\/coins/);
        await expect.poll(() => page.locator('[data-contract="coin"]').textContent()).toBe(coinAddress);
        expect(await page.locator('[data-pinned-version]').textContent()).toContain(
          'later changes to the team or its shares do not change it',
        );
        await screenshot(page, 'film-coins-390');
        expect(errors).toEqual([]);
        await context.close();
        continue;
      }

      const salt = coinCard(page, DEMO_COINS.waiting.symbol);
      expect(await salt.getAttribute('data-coin-state')).toBe('deployable');
      const id = (await salt.getAttribute('data-coin')) as string;

      await open(page, `/admin/edit/${id}/campaign`);
      const deploy = page.locator('[data-action="deploy-coin"]');
      // A failed request: the failure toast, and nothing deployed.
      await page.route('**/api/functions/deploy-creator-coin', (route) => route.abort('connectionfailed'));
      await deploy.click();
      await toastText(page, TEXT.coinDeployFailed);
      await page.unroute('**/api/functions/deploy-creator-coin');
      await screenshot(page, 'coins-card-1280');

      const answer = page.waitForResponse('**/api/functions/deploy-creator-coin', { timeout: 60_000 });
      await deploy.click();
      const res = await answer;
      expect(res.status(), await res.text()).toBe(200);
      await toastText(page, TEXT.coinDeployed);
      await page.locator('[data-coin-deployed]').waitFor();

      await open(page, '/admin?tab=creator-coins');
      const deployed = coinCard(page, DEMO_COINS.waiting.symbol);
      expect(await deployed.getAttribute('data-coin-state')).toBe('deployed');
      const addresses = await deployed.locator('[data-address]').allTextContents();
      expect(addresses).toHaveLength(4);
      for (const a of addresses) expect(a).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(new Set(addresses).size).toBe(4);
      await screenshot(page, 'coins-tab-deployed-1280');
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
