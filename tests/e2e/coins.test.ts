import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_WALLETS } from '../../functions/domain/notifications/targets';
import { TEXT } from '../../functions/domain/texts';
import { DEMO_COINS } from '../../functions/seed/coins';
import { apiJson, freeFilm, localDate, open, signIn, signUp, toastText, uid } from './api';
import { launchBrowser, newPage, screenshot } from './browser';
import { linkLocalWallet } from './link-wallet';
import { tap } from './tap';

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

      // SALT's campaign is approved, not launched: the tab's link shows its admins the coin, with a note;
      // anyone else sees a film without a coin.
      await deployed.locator('[data-address="coin"] a').click();
      await page.waitForURL(/\/movie\/[^/]+\/coins/);
      await expect.poll(() => page.locator('[data-film-coin]').getAttribute('data-film-coin')).toBe('SALT');
      expect(await page.locator('[data-not-public]').textContent()).toBe(TEXT.notPublic);
      await screenshot(page, 'coins-salt-not-public-1280');
      const stranger = await newPage(browser);
      await stranger.page.goto(page.url());
      expect(await stranger.page.locator('[data-no-coin-yet]').count()).toBe(1);
      expect(await stranger.page.locator('[data-film-coin]').count()).toBe(0);
      await stranger.context.close();
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

describe("a film's coin, found", () => {
  it("the film page shows NIGHT's symbol, price and sold figure, and leads to its coins page; a film without a coin says so", async () => {
    for (const width of [375, 1366]) {
      const { context, page, errors } = await newPage(browser, { viewport: { width, height: 900 } });
      await signIn(context, 'creator@reelfund.local');
      const mine = await apiJson<{ campaigns: { movieId: string; title: string }[] }>(
        context,
        'GET',
        '/api/campaigns/mine',
      );
      const night = mine.campaigns.find((c) => c.title === DEMO_COINS.deployed.title);
      const other = mine.campaigns.find(
        (c) => c.title !== DEMO_COINS.deployed.title && c.title !== DEMO_COINS.waiting.title,
      );
      await page.goto(`/movie/${night?.movieId}`);
      const teaser = page.locator('[data-film-coin-teaser]');
      expect(await teaser.getAttribute('data-film-coin-teaser')).toBe('NIGHT');
      expect(await teaser.textContent()).toContain('NIGHT · $0.10 a coin');
      expect(await teaser.locator('[data-coin-teaser-sold]').textContent()).toMatch(
        /^[\d,]+ of 100,000 fans' coins sold$/,
      );
      await tap(page, teaser);
      await page.waitForURL(/\/movie\/[^/]+\/coins$/);
      await page.locator('[data-coin-card]').waitFor();
      // Back on the film page (the gate's loading screen covers only a tab's first page) for a look.
      await page.goBack();
      await page.locator('[data-film-coin-teaser]').scrollIntoViewIfNeeded();
      await screenshot(page, `film-coin-teaser-${width}`);

      await page.goto(`/movie/${other?.movieId}/coins`);
      expect(await page.locator('[data-no-coin-yet] h2').textContent()).toBe('No creator coin yet');
      await screenshot(page, `film-no-coin-${width}`);
      await page.goto(`/movie/${other?.movieId}`);
      expect(await page.locator('[data-film-coin-teaser]').count()).toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

interface Note {
  id: string;
  type: string;
  title: string;
  campaignId: string | null;
  target: string;
}

describe('a team member without a wallet, once an admin saves the coin settings', () => {
  it('is told once and sees a banner on the campaign screens; both go away once they link one', async () => {
    const owner = await newPage(browser);
    await signIn(owner.context, 'creator@reelfund.local');
    const film = await freeFilm(owner.context);
    const created = await apiJson<{ campaign: { campaign: { id: string; title: string } } }>(
      owner.context,
      'POST',
      '/api/campaigns',
      { movieId: film.id, title: `Coinless ${uid()}`, goalAmount: 200_000, endDate: localDate(20) },
    );
    const { id, title } = created.campaign.campaign;
    const member = await newPage(browser, { viewport: { width: 375, height: 800 } });
    const admin = await newPage(browser);
    try {
      const me = await signUp(member.context, 'coinless');
      await apiJson(owner.context, 'POST', `/api/campaigns/${id}/members`, { userId: me.id, role: 'Editor' });
      await apiJson(member.context, 'POST', `/api/campaigns/${id}/invitation/accept`, {});
      await signIn(admin.context, 'admin@reelfund.local');
      // Saved twice: still one notice.
      for (const symbol of ['LESS', 'LESSX'])
        await apiJson(admin.context, 'PATCH', `/api/campaigns/${id}/coins`, {
          creatorCoinsEnabled: true,
          creatorCoinSymbol: symbol,
          creatorCoinPrice: 1000,
        });
      const notes = async (context: BrowserContext) =>
        (await apiJson<{ items: Note[] }>(context, 'GET', '/api/notifications?limit=50')).items.filter(
          (n) => n.campaignId === id && n.type === 'creator_coin',
        );
      const mine = await notes(member.context);
      expect(mine.map((n) => [n.title, n.target])).toEqual([[TEXT.walletNeededTitle, ACCOUNT_WALLETS]]);
      // The demo creator linked a wallet on the local chain: nothing to ask of them.
      expect(await notes(owner.context)).toEqual([]);

      const progress = `/contributor/campaign-progress/${id}`;
      for (const width of [375, 1366]) {
        await member.page.setViewportSize({ width, height: 800 });
        await open(member.page, progress);
        const banner = member.page.locator('[data-coin-wallet-banner]');
        await expect.poll(() => banner.textContent()).toContain(title);
        await screenshot(member.page, `coin-wallet-banner-${width}`);
      }
      await tap(member.page, member.page.locator('[data-coin-wallet-banner] a'));
      await member.page.waitForURL(/\/account#wallets$/);
      await member.page.locator('#wallets').waitFor();

      await linkLocalWallet(member.context);
      expect(await notes(member.context)).toEqual([]);
      await open(member.page, progress);
      await member.page.locator('h1').waitFor();
      expect(await member.page.locator('[data-coin-wallet-banner]').count()).toBe(0);
      expect(member.errors).toEqual([]);
    } finally {
      await apiJson(owner.context, 'DELETE', `/api/campaigns/${id}`);
      for (const c of [owner, member, admin]) await c.context.close();
    }
  });
});
