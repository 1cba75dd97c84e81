import type { Browser, BrowserContext, Page } from 'playwright-core';
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts';
import { createSiweMessage } from 'viem/siwe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LOCAL_CHAIN_ID } from '../../functions/domain/chains/info';
import { ACCOUNT_WALLETS } from '../../functions/domain/notifications/targets';
import { TEXT } from '../../functions/domain/texts';
import { DEMO_COINS } from '../../functions/seed/coins';
import { apiJson, freeFilm, localDate, open, signIn, signUp, toastText, uid } from './api';
import { baseUrl, launchBrowser, newPage, screenshot } from './browser';
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
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});

/** Links a fresh wallet to the context's account on the local chain, as /account does (Sign-In-with-Ethereum). */
async function linkLocalWallet(context: BrowserContext) {
  const account = privateKeyToAccount(generatePrivateKey());
  const { nonce } = await apiJson<{ nonce: string }>(context, 'POST', '/api/wallets/nonce');
  const now = new Date();
  const message = createSiweMessage({
    domain: new URL(baseUrl()).host,
    uri: baseUrl(),
    address: account.address,
    chainId: LOCAL_CHAIN_ID,
    nonce,
    version: '1',
    statement: 'Link this wallet to your Reelfund account.',
    issuedAt: now,
    expirationTime: new Date(now.getTime() + 5 * 60_000),
  });
  await apiJson(context, 'POST', '/api/wallets', { message, signature: await account.signMessage({ message }) });
}

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
