import type { Browser, BrowserContext, Page, WebSocketRoute } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { run } from '../../scripts/lib/proc.mjs';
import { type OwnServer, ownServer } from '../support/own-server';
import { launchBrowser, newPage, screenshot } from './browser';

/**
 * The bell and the messages screens in Chromium, against the built product. Rows the product has no
 * public way to create (roles, 105 notifications) are written into the server's local D1 with
 * `wrangler d1 execute`, so this file runs a server of its own (tests/support/own-server.ts).
 */
let browser: Browser;
let server: OwnServer;
const baseUrl = () => server.url;
beforeAll(async () => {
  server = await ownServer('realtime', { seed: false });
  browser = await launchBrowser();
}, 600_000);
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

interface Account {
  id: string;
  username: string;
  cookie: string;
}

const uid = () => crypto.randomUUID().replaceAll('-', '').slice(0, 10);

async function signUp(prefix: string): Promise<Account> {
  const username = `${prefix}_${uid()}`;
  const res = await fetch(`${baseUrl()}/api/auth/sign-up/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl() },
    body: JSON.stringify({ email: `${username}@example.test`, password: 'test-password-1', name: username }),
  });
  if (res.status !== 200) throw new Error(`sign-up: ${res.status} ${await res.text()}`);
  const cookie = res.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const me = (await (await fetch(`${baseUrl()}/api/me`, { headers: { cookie } })).json()) as { user: { id: string } };
  return { id: me.user.id, username, cookie };
}

/** SQL against the running server's local D1 (ids interpolated here are ours: alphanumeric). */
async function d1(sql: string) {
  // A second process writing the server's SQLite file can find it busy while the server writes: retry.
  for (let attempt = 1; ; attempt++) {
    try {
      await run('wrangler', ['d1', 'execute', 'DB', '--local', '--persist-to', server.state, '--command', sql], {
        quiet: true,
        env: { CI: 'true' },
      });
      return;
    } catch (err) {
      if (attempt >= 5 || !String(err).includes('SQLITE_BUSY')) throw err;
      await new Promise((r) => setTimeout(r, 500 * attempt));
    }
  }
}

async function signedInPage(account: Account): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const { context, page, errors } = await newPage(browser, { baseURL: baseUrl() });
  await context.addCookies(
    account.cookie.split('; ').map((pair) => {
      const [name, ...rest] = pair.split('=');
      return { name: name as string, value: rest.join('='), url: baseUrl() };
    }),
  );
  return { context, page, errors };
}

const listening = (page: Page) => page.waitForSelector('[data-bell-root][data-live="open"]');
const badge = (page: Page) => page.locator('[data-bell-badge]');

describe('the bell, live', () => {
  it("updates A's badge and popover when B writes, and opens the thread ready to reply", async () => {
    const a = await signUp('bell_a');
    const b = await signUp('bell_b');
    await d1(`INSERT INTO user_roles (user_id, role) VALUES ('${b.id}', 'contributor')`);
    const { context, page, errors } = await signedInPage(a);
    await page.goto('/messages');
    await listening(page);
    expect(await badge(page).isHidden()).toBe(true);

    const text = `${'Long message '.repeat(10)}end`; // 133 characters
    const sent = await fetch(`${baseUrl()}/api/messages/${a.id}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: baseUrl(), cookie: b.cookie },
      body: JSON.stringify({ subject: 'Hello A', message: text }),
    });
    expect(sent.status).toBe(201);

    // No reload: the socket rings, the bell re-reads.
    await page.waitForFunction(() => document.querySelector('[data-bell-badge]')?.textContent === '1');
    expect(await page.getAttribute('[data-bell-button]', 'aria-label')).toBe('Notifications, 1 unread');
    // The conversation list on the open page updates too.
    await page.waitForSelector(`[data-conversation="${b.id}"]`);

    // Keyboard: the bell opens its popover and moves focus into it; Escape returns to the bell.
    await page.focus('[data-bell-button]');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-bell-popover]:not([hidden])');
    const item = page.locator('[data-bell-item="message"]').first();
    expect(await item.locator('.bell-item-title').textContent()).toContain(b.username);
    const preview = await item.locator('[data-bell-preview]').textContent();
    expect(preview).toBe(`Hello A — ${text.slice(0, 80)}…`);
    expect(await page.evaluate(() => document.activeElement?.closest('[data-bell-popover]') !== null)).toBe(true);
    await screenshot(page, 'realtime-bell-popover');
    await page.keyboard.press('Escape');
    expect(await page.evaluate(() => document.activeElement?.hasAttribute('data-bell-button'))).toBe(true);

    await page.click('[data-bell-button]');
    await Promise.all([page.waitForURL(`**/messages/${b.id}?newMessage=true`), item.click()]);
    await page.waitForSelector(`[data-message]`);
    expect(await page.locator('[data-message]').first().textContent()).toContain('Long message');
    await page.waitForFunction(() => document.activeElement?.hasAttribute('data-compose-message'));
    expect(await page.inputValue('#compose-subject')).toBe('Re: Hello A');
    await screenshot(page, 'realtime-thread');
    // Read: the server counts nothing unread any more, and the bell, once live on this page, shows no badge.
    const summary = await context.request.get(`${baseUrl()}/api/notifications/summary`);
    expect(((await summary.json()) as { unread: { total: number } }).unread.total).toBe(0);
    await listening(page);
    await page.waitForSelector('[data-bell-badge][hidden]', { state: 'attached' });
    expect(errors).toEqual([]);
    await context.close();
  });

  it("shows '99+' for 105 unread, and reading in one tab clears the badge in the other", async () => {
    const a = await signUp('many');
    await d1(
      `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 105)
       INSERT INTO notifications (id, user_id, type, title, message, created_at)
       SELECT lower(hex(randomblob(16))), '${a.id}', 'info', 'Seeded ' || i, 'Seeded notification ' || i, 1700000000000 + i FROM n`,
    );
    const { context, page, errors } = await signedInPage(a);
    await page.goto('/notifications');
    const other = await context.newPage();
    await other.goto('/');
    await listening(page);
    await listening(other);
    for (const p of [page, other]) {
      await p.waitForFunction(() => document.querySelector('[data-bell-badge]')?.textContent === '99+');
    }
    expect(await page.getAttribute('[data-bell-button]', 'aria-label')).toBe('Notifications, 105 unread');
    expect(await page.locator('[data-notification]').count()).toBe(20);
    await screenshot(page, 'realtime-notifications');

    await page.click('[data-read-all]');
    await other.waitForSelector('[data-bell-badge][hidden]', { state: 'attached' });
    await page.waitForSelector('[data-bell-badge][hidden]', { state: 'attached' });
    expect(await page.locator('[data-notification][data-unread]').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('catches up after the connection drops: what was written meanwhile appears without a reload', async () => {
    const a = await signUp('offline');
    await d1(
      `INSERT INTO notifications (id, user_id, type, title, message) VALUES ('${uid()}', '${a.id}', 'info', 'Seen before', 'm0')`,
    );
    const { context, page, errors } = await signedInPage(a);
    // Every socket of the page goes through here: the test can drop it and refuse reconnections.
    let current: WebSocketRoute | null = null;
    let refuse = false;
    await page.routeWebSocket(/\/api\/realtime$/, (ws) => {
      if (refuse) return ws.close({ code: 1001, reason: 'offline' });
      current = ws;
      ws.connectToServer();
    });
    await page.goto('/notifications');
    await listening(page);
    await page.waitForFunction(() => document.querySelectorAll('[data-notification]').length === 1);

    refuse = true;
    await (current as WebSocketRoute | null)?.close({ code: 1006, reason: 'network lost' });
    await page.waitForSelector('[data-bell-root][data-live="reconnecting"]');
    // Written while the tab is away (rows written straight to the database ring no one at all).
    await d1(
      `INSERT INTO notifications (id, user_id, type, title, message, created_at) VALUES
       ('${uid()}', '${a.id}', 'info', 'While away 1', 'm1', cast(unixepoch('subsec') * 1000 as integer) + 1),
       ('${uid()}', '${a.id}', 'info', 'While away 2', 'm2', cast(unixepoch('subsec') * 1000 as integer) + 2)`,
    );
    refuse = false;
    await listening(page);
    await page.waitForFunction(() => document.querySelectorAll('[data-notification]').length === 3);
    const titles = await page.locator('[data-notification] .nf-title').allTextContents();
    expect(titles.map((t) => t.replace(' (unread)', ''))).toEqual(['While away 2', 'While away 1', 'Seen before']);
    await page.waitForFunction(() => document.querySelector('[data-bell-badge]')?.textContent === '3');
    expect(errors).toEqual([]);
    await context.close();
  });
});
