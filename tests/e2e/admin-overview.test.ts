import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatMoney } from '../../functions/domain/money/format';
import { run } from '../../scripts/lib/proc.mjs';
import { type OwnServer, ownServer } from '../support/own-server';
import { DEMO_PASSWORD } from './api';
import { launchBrowser, screenshot } from './browser';

/*
 * Issue 45 item 1: the admin overview (/admin, first tab) on the seeded demo shows the five money
 * totals `npm run ledger:check` prints for the same database. The script opens the server's SQLite
 * state from a second process, so this file runs a server of its own (docs/testing.md).
 */

let browser: Browser;
let server: OwnServer;
beforeAll(async () => {
  [browser, server] = await Promise.all([launchBrowser(), ownServer('overview')]);
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

async function adminPage(width: number): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({ baseURL: server.url, viewport: { width, height: 900 } });
  const res = await context.request.post(`${server.url}/api/auth/sign-in/email`, {
    data: { email: 'admin@reelfund.local', password: DEMO_PASSWORD },
    headers: { origin: server.url },
  });
  expect(res.status()).toBe(200);
  const page = await context.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('console', (m) => {
    if (m.type() === 'error' && /Content Security Policy/i.test(m.text())) errors.push(m.text());
  });
  return { context, page, errors };
}

/** `npm run ledger:check` on the server's state: its five totals, by label, in cents. */
async function ledgerCheckTotals() {
  const out = await run('npx', ['tsx', 'scripts/ledger-check.ts', '--persist-to', server.state], { quiet: true });
  expect(out).toContain('ledger: every check passed');
  const totals = Object.fromEntries(
    [...out.matchAll(/^total (.+?): \S+ \((-?\d+) cents\)$/gm)].map((m) => [m[1], Number(m[2])]),
  );
  expect(Object.keys(totals)).toEqual(['raised', 'in escrow', 'released', 'refunded', 'paid out']);
  return totals as Record<string, number>;
}

describe('the admin overview', () => {
  it("shows ledger:check's totals on the seed, links each figure to its list, and counts what waits on each tab", {
    timeout: 180_000,
  }, async () => {
    const totals = await ledgerCheckTotals();
    expect(totals.raised).toBeGreaterThan(0);
    for (const width of [1366, 375]) {
      const { context, page, errors } = await adminPage(width);
      await page.goto('/admin');
      expect(await page.locator('[data-tab="dashboard"]').getAttribute('aria-current')).toBe('page');
      const figure = (key: string) => page.locator(`[data-figure="${key}"]`);
      expect(await figure('raised').textContent()).toBe(formatMoney(totals.raised as number));
      expect(await figure('escrow').textContent()).toBe(formatMoney(totals['in escrow'] as number));
      expect(await figure('released').textContent()).toBe(formatMoney(totals.released as number));
      expect(await figure('refunded').textContent()).toBe(formatMoney(totals.refunded as number));
      expect(await figure('paid-out').textContent()).toBe(formatMoney(totals['paid out'] as number));

      // Each figure leads to the list behind it.
      expect(await figure('films-waiting').getAttribute('href')).toBe('/admin?tab=videos');
      expect(await figure('campaigns-waiting').getAttribute('href')).toBe('/admin?tab=applications');
      expect(await figure('payouts-failing').getAttribute('href')).toBe('/admin/payouts?status=failed');
      expect(await figure('paid-out').getAttribute('href')).toBe('/admin/payouts?status=completed');
      expect(await figure('coins-deployed').getAttribute('href')).toBe('/admin?tab=creator-coins');
      expect(await figure('role-admin').getAttribute('href')).toBe('/admin?tab=users&role=admin');
      expect(Number(await figure('role-admin').textContent())).toBeGreaterThanOrEqual(1);

      // The tab strip counts what waits on each tab: the same figures as the overview's.
      const films = Number(await figure('films-waiting').textContent());
      const videosCount = page.locator('[data-tab-count="videos"]');
      if (films > 0) expect(await videosCount.textContent()).toBe(`${films} waiting`);
      else expect(await videosCount.count()).toBe(0);
      const waitingApps =
        Number(await figure('campaigns-waiting').textContent()) +
        Number(await figure('applications-waiting').textContent());
      const appsCount = page.locator('[data-tab-count="applications"]');
      if (waitingApps > 0) expect(await appsCount.textContent()).toBe(`${waitingApps} waiting`);
      else expect(await appsCount.count()).toBe(0);

      // The chart of money over time is drawn.
      await expect.poll(() => page.locator('[data-money-chart]').getAttribute('data-drawn')).toBe('true');
      await page.waitForFunction(() => !document.documentElement.hasAttribute('data-coming-soon-loading'));
      await screenshot(page, `admin-overview-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });

  it('every figure links to a list: raised to the payments with their campaign and payer, statuses to campaigns, roles to people', {
    timeout: 180_000,
  }, async () => {
    for (const width of [1366, 375]) {
      const { context, page, errors } = await adminPage(width);
      await page.goto('/admin');
      // No figure is a dead end.
      const figures = page.locator('[data-figure]');
      expect(await figures.count()).toBeGreaterThan(20);
      for (const f of await figures.all())
        expect(await f.getAttribute('href'), (await f.getAttribute('data-figure')) ?? '').toMatch(/^\//);
      expect(await page.locator('[data-figure="raised"]').getAttribute('href')).toBe('/admin?tab=money&kind=payment');
      expect(await page.locator('[data-figure="escrow"]').getAttribute('href')).toBe('/admin?tab=money&kind=escrow');
      expect(await page.locator('[data-figure="refunded"]').getAttribute('href')).toBe('/admin?tab=money&kind=refund');

      // Raised: the seed's payments, newest first, each naming its campaign and who paid.
      await page.locator('[data-figure="raised"]').click();
      await page.waitForURL(/tab=money&kind=payment/);
      expect(await page.locator('[data-tab="money"]').getAttribute('aria-current')).toBe('page');
      const lines = page.locator('[data-money-line]');
      await expect.poll(() => lines.count()).toBeGreaterThan(0);
      expect(await page.locator('[data-money-campaign]').count()).toBeGreaterThan(0);
      expect(await page.locator('[data-money-payer]').count()).toBeGreaterThan(0);
      await page.waitForFunction(() => !document.documentElement.hasAttribute('data-coming-soon-loading'));
      await screenshot(page, `admin-money-${width}`);
      const payer = page.locator('[data-money-payer]').first();
      const payerId = await payer.getAttribute('data-money-payer');
      await payer.click();
      await page.waitForURL(/tab=users&user=/);
      expect(await page.locator('[data-person]').getAttribute('data-person')).toBe(payerId);

      // A status: its campaigns, and only those.
      await page.goto('/admin');
      await page.locator('[data-figure="campaigns-live"]').click();
      await page.waitForURL(/tab=campaigns&status=live/);
      const statuses = await page
        .locator('[data-campaign-status]')
        .evaluateAll((els) => els.map((e) => e.getAttribute('data-campaign-status')));
      expect(statuses.length).toBeGreaterThan(0);
      expect(new Set(statuses)).toEqual(new Set(['live']));
      await page.waitForFunction(() => !document.documentElement.hasAttribute('data-coming-soon-loading'));
      await screenshot(page, `admin-campaigns-${width}`);

      // A role: the people who have it.
      await page.goto('/admin');
      await page.locator('[data-figure="role-admin"]').click();
      await page.waitForURL(/tab=users&role=admin/);
      const people = page.locator('[data-person-row]');
      await expect.poll(() => people.count()).toBeGreaterThan(0);
      expect(await page.locator('[data-people-filtered]').textContent()).toContain('admin@reelfund.local');
      await page.waitForFunction(() => !document.documentElement.hasAttribute('data-coming-soon-loading'));
      await screenshot(page, `admin-people-role-${width}`);
      expect(errors).toEqual([]);
      await context.close();
    }
  });
});
