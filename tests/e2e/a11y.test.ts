import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PAGE_ROUTES, type PageAccess } from '../../functions/domain/site/pages';
import { DEMO_COINS } from '../../functions/seed/coins';
import { ADMIN_TABS, CONTRIBUTOR_TABS, type DashboardTab } from '../../src/lib/dashboard-tabs';
import { apiJson, signIn } from './api';
import { baseUrl, launchBrowser } from './browser';

/**
 * The accessibility gate: axe-core (WCAG 2.0/2.1, levels A and AA) over every page of the page
 * table as each role may open it, signed out and as each demo role, plus the layers that open over
 * a page. No rule is disabled and no part of a page is excluded.
 */
const AXE = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8');
const TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Not scanned, with the reason: nothing of ours to look at. */
const SKIP: Record<string, string> = {
  '/s/:shortCode': 'a redirect, never a page of its own',
  '/redirect/stripe-connect': 'leaves for the payment provider at once',
  '/dev/outbox': 'a local development tool, not part of the product',
};

type Role = 'signed-out' | 'viewer' | 'creator' | 'admin';
const ROLES: Role[] = ['signed-out', 'viewer', 'creator', 'admin'];
const OPENS: Record<Role, PageAccess[]> = {
  'signed-out': ['public'],
  viewer: ['public', 'signed-in'],
  creator: ['public', 'signed-in', 'creator'],
  admin: ['public', 'signed-in', 'creator', 'admin', 'editor'],
};
/** The dashboards' other tabs (the first is the page itself), scanned as the roles that open them. */
const tabPaths = (base: string, tabs: readonly DashboardTab[]) =>
  tabs
    .slice(1)
    .filter((t) => !t.href)
    .map((t) => `${base}?tab=${t.id}`);
/** The lists behind the admin overview's figures that a tab's first view does not show. */
const ADMIN_LISTS = ['/admin?tab=users&role=admin', '/admin?tab=money&kind=escrow', '/admin?tab=campaigns&status=live'];
const TABS_FOR: Record<Role, string[]> = {
  'signed-out': [],
  viewer: [],
  creator: tabPaths('/contributor', CONTRIBUTOR_TABS),
  admin: [...tabPaths('/contributor', CONTRIBUTOR_TABS), ...tabPaths('/admin', ADMIN_TABS), ...ADMIN_LISTS],
};
const pagesFor = (role: Role) => PAGE_ROUTES.filter((r) => OPENS[role].includes(r.access) && !(r.pattern in SKIP));

let browser: Browser;
/** Real ids for the pages of one record (the seed's demo creator, a film and a campaign of theirs). */
let ids: Record<string, string>;
const scanned = new Set<string>();
const started = Date.now();

beforeAll(async () => {
  browser = await launchBrowser();
  const context = await browser.newContext({ baseURL: baseUrl() });
  await signIn(context, 'creator@reelfund.local');
  const me = await apiJson<{ user: { id: string } }>(context, 'GET', '/api/me');
  const mine = await apiJson<{
    campaigns: { id: string; movieId: string; title: string }[];
    filmsWithoutCampaign: { id: string }[];
  }>(context, 'GET', '/api/campaigns/mine');
  const campaign = mine.campaigns[0];
  if (!campaign) throw new Error('the seed gives the demo creator a campaign');
  // The coins page is scanned with a deployed coin on it: the demo's, on the creator's campaign.
  const withCoin = mine.campaigns.find((c) => c.title === DEMO_COINS.deployed.title);
  if (!withCoin) throw new Error('the seed gives the demo creator the deployed demo coin');
  // The seed's marketplace (functions/seed/marketplace.ts): vera_viewer's request waiting for the
  // creator's answer (its form), the creator's collaboration agreed with milo_maker, and
  // vera_viewer's listing, which the creator may ask to collaborate on.
  const market = await apiJson<{ collaborations: { id: string; status: string }[] }>(
    context,
    'GET',
    '/api/marketplace/mine',
  );
  const collaboration = market.collaborations.find((c) => c.status === 'agreed');
  const waiting = market.collaborations.find((c) => c.status === 'waiting');
  if (!collaboration || !waiting) throw new Error('the seed gives the demo creator a request and a collaboration');
  const listings = await apiJson<{ listings: { id: string; author: { id: string } }[] }>(
    context,
    'GET',
    '/api/marketplace?role=actor',
  );
  const othersListing = listings.listings.find((l) => l.author.id !== me.user.id);
  if (!othersListing) throw new Error("the seed lists vera_viewer's actor listing");
  // The seed's projects (functions/seed/projects.ts): the creator edits one of hers.
  const projects = await apiJson<{ projects: { id: string }[] }>(context, 'GET', '/api/projects/mine');
  if (!projects.projects[0]) throw new Error('the seed gives the demo creator two projects');
  ids = {
    collaborationId: collaboration.id,
    requestId: waiting.id,
    coinMovieId: withCoin.movieId,
    coinCampaignId: withCoin.id,
    movieId: campaign.movieId,
    creatorId: me.user.id,
    userId: me.user.id,
    campaignId: campaign.id,
    projectId: projects.projects[0].id,
    listingId: othersListing.id,
  };
  await context.close();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  console.info(`axe gate: ${scanned.size} (page, role) pairs in ${Math.round((Date.now() - started) / 1000)} s`);
});

/** A page path for a route: the campaign pages take the campaign id, the film pages the film id. */
function pathFor(pattern: string): string {
  if (pattern === '/movie/:movieId/coins') return `/movie/${ids.coinMovieId}/coins`;
  // Coin analytics with the demo coin's indexed history: charts, tables and the top holders.
  if (pattern === '/contributor/coin-analytics/:campaignId') return `/contributor/coin-analytics/${ids.coinCampaignId}`;
  return pattern.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    if (name !== 'id') return ids[name] ?? 'no-such-record';
    if (pattern === '/collaboration/:id') return ids.requestId ?? '';
    if (pattern === '/contributor/collaboration/:id') return ids.collaborationId ?? '';
    if (pattern === '/edit-project/:id') return ids.projectId ?? '';
    if (/campaign/.test(pattern)) return ids.campaignId ?? '';
    if (/edit\/:id/.test(pattern)) return ids.movieId ?? '';
    return 'no-such-record';
  });
}

interface Finding {
  id: string;
  impact: string | null;
  nodes: string[];
}

async function settle(page: Page) {
  await page.waitForLoadState('networkidle', { timeout: 5000 }).catch(() => {});
  await page
    .waitForFunction(() => document.querySelectorAll('astro-island[ssr]:not([client="intent"])').length === 0, null, {
      timeout: 5000,
    })
    .catch(() => {});
}

async function axe(page: Page): Promise<Finding[]> {
  for (let attempt = 0; ; attempt++) {
    try {
      if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ content: AXE });
      return await page.evaluate(async (tags) => {
        const w = window as unknown as {
          axe: {
            run: (
              c: Document,
              o: unknown,
            ) => Promise<{
              violations: {
                id: string;
                impact: string | null;
                nodes: { target: string[]; failureSummary?: string }[];
              }[];
            }>;
          };
        };
        const result = await w.axe.run(document, {
          runOnly: { type: 'tag', values: tags },
          resultTypes: ['violations'],
        });
        return result.violations.map((v) => ({
          id: v.id,
          impact: v.impact,
          nodes: v.nodes.map((n) => `${n.target.join(' ')} — ${(n.failureSummary ?? '').replace(/\s+/g, ' ')}`),
        }));
      }, TAGS);
    } catch (err) {
      // A page that navigates on its own (a client redirect) is scanned where it lands.
      if (attempt >= 2) throw err;
      await settle(page);
    }
  }
}

const report = (where: string, findings: Finding[]) =>
  findings.map((f) => `${where}: ${f.id} (${f.impact}) ${f.nodes.slice(0, 3).join(' | ')}`);

async function contextFor(role: Role): Promise<BrowserContext> {
  // axe is injected as an inline script, which the pages' own CSP rightly refuses.
  const context = await browser.newContext({
    baseURL: baseUrl(),
    bypassCSP: true,
    viewport: { width: 1366, height: 900 },
  });
  if (role !== 'signed-out') await signIn(context, `${role}@reelfund.local`);
  return context;
}

/** The layers that open over a page, each scanned while open. */
async function openStates(page: Page, role: Role): Promise<string[]> {
  const out: string[] = [];
  const scanOpen = async (name: string) => {
    out.push(...report(`${role} / [${name}]`, await axe(page)));
  };
  await page.goto('/');
  await settle(page);
  if (role !== 'signed-out') {
    await page.click('[data-bell-button]');
    await page.locator('#bell-popover').waitFor({ state: 'visible' });
    await settle(page);
    await scanOpen('bell popover');
    await page.keyboard.press('Escape');
    await page.click('[data-menu-button]');
    await page.locator('#avatar-menu').waitFor({ state: 'visible' });
    await scanOpen('avatar menu');
    await page.keyboard.press('Escape');
  }
  await page.click('[data-wallet-open]');
  await page.locator('dialog[open]').waitFor({ state: 'visible' });
  await scanOpen('wallet dialog');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 800, height: 900 });
  if (await page.locator('[data-more-button]').isVisible()) {
    await page.click('[data-more-button]');
    await scanOpen('More at 800 px');
    await page.keyboard.press('Escape');
  }
  await page.setViewportSize({ width: 375, height: 740 });
  await page.click('[data-drawer-open]');
  await page.locator('#site-drawer').waitFor({ state: 'visible' });
  await scanOpen('drawer at 375 px');
  await page.keyboard.press('Escape');
  await page.setViewportSize({ width: 1366, height: 900 });
  // The coins page's buy dialog, opened from the card (this browser has no wallet: it says how to get one).
  await page.goto(`/movie/${ids.coinMovieId}/coins`);
  await settle(page);
  await page.check('[data-coin-read]');
  await page.click('[data-buy-open]');
  await page.locator('[data-buy-dialog][open]').waitFor({ state: 'visible' });
  await scanOpen('buy dialog');
  await page.keyboard.press('Escape');
  return out;
}

describe('axe over every page, signed out and as each role', () => {
  for (const role of ROLES) {
    it(`${role}: ${pagesFor(role).length} pages, ${TABS_FOR[role].length} dashboard tabs and the open states`, async () => {
      const context = await contextFor(role);
      const page = await context.newPage();
      const findings: string[] = [];
      const scan = async (path: string) => {
        await page.goto(path);
        await settle(page);
        findings.push(...report(`${role} ${path}`, await axe(page)));
      };
      for (const route of pagesFor(role)) {
        await scan(pathFor(route.pattern));
        scanned.add(`${role} ${route.pattern}`);
      }
      for (const path of TABS_FOR[role]) await scan(path);
      findings.push(...(await openStates(page, role)));
      await context.close();
      expect(findings).toEqual([]);
    }, 900_000);
  }

  it('scanned every (page, role) pair of the page table but the skip list', () => {
    const expected = ROLES.flatMap((role) => pagesFor(role).map((r) => `${role} ${r.pattern}`));
    expect(Object.keys(SKIP).every((p) => PAGE_ROUTES.some((r) => r.pattern === p))).toBe(true);
    expect(expected.length).toBe(
      ROLES.reduce((n, role) => n + PAGE_ROUTES.filter((r) => OPENS[role].includes(r.access)).length, 0) -
        ROLES.reduce(
          (n, role) => n + PAGE_ROUTES.filter((r) => r.pattern in SKIP && OPENS[role].includes(r.access)).length,
          0,
        ),
    );
    expect([...scanned].sort()).toEqual(expected.sort());
  });
});
