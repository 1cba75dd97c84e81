import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, freeFilm, localDate, open, signIn, signUp, uid } from './api';
import { baseUrl, launchBrowser, newPage } from './browser';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

interface Item {
  id: string;
  type: string;
  title: string;
  campaignId: string | null;
  target: string;
  note?: string | null;
}

describe('notification targets the reader can no longer open', () => {
  it('a withdrawn invitation and a removal from the team say why; no target sends the reader home', async () => {
    const owner = await newPage(browser);
    await signIn(owner.context, 'creator@reelfund.local');
    const film = await freeFilm(owner.context);
    const created = await apiJson<{ campaign: { campaign: { id: string } } }>(owner.context, 'POST', '/api/campaigns', {
      movieId: film.id,
      title: `Withdrawn ${uid()}`,
      goalAmount: 200_000,
      endDate: localDate(20),
    });
    const campaignId = created.campaign.campaign.id;
    try {
      const guest = await newPage(browser);
      const me = await signUp(guest.context, 'dropped');
      const added = await apiJson<{ member: { id: string } }>(
        owner.context,
        'POST',
        `/api/campaigns/${campaignId}/members`,
        {
          userId: me.id,
          role: 'Editor',
        },
      );
      await apiJson(owner.context, 'DELETE', `/api/campaigns/${campaignId}/members/${added.member.id}`);

      const { items } = await apiJson<{ items: Item[] }>(guest.context, 'GET', '/api/notifications?limit=20');
      const invitation = items.find((n) => n.type === 'team_invitation' && n.campaignId === campaignId);
      const removed = items.find((n) => n.title === 'Removed from a campaign team' && n.campaignId === campaignId);
      expect(invitation && removed).toBeTruthy();
      for (const n of [invitation, removed] as Item[]) {
        const res = await guest.context.request.get(`${baseUrl()}${n.target}`, { maxRedirects: 0 });
        expect(`${n.title} → ${n.target}: ${res.status()} ${res.headers().location ?? ''}`).toBe(
          `${n.title} → ${n.target}: 200 `,
        );
      }
      expect(invitation?.note).toBe('This invitation was withdrawn');

      await open(guest.page, '/notifications');
      const row = guest.page.locator(`[data-notification="${invitation?.id}"]`);
      await expect.poll(() => row.textContent()).toContain('This invitation was withdrawn');
    } finally {
      await apiJson(owner.context, 'DELETE', `/api/campaigns/${campaignId}`);
    }
  });
});

describe("a notice about the reader's own payout", () => {
  it('the demo creator is told that a payout waits (Static Bloom), and the notice opens /contributor/payouts', async () => {
    const { page, context } = await newPage(browser);
    await signIn(context, 'creator@reelfund.local');
    const { items } = await apiJson<{ items: (Item & { message: string })[] }>(
      context,
      'GET',
      '/api/notifications?limit=100',
    );
    const waiting = items.find((n) => n.title === 'Payout waiting' && n.message.includes('"Static Bloom"'));
    expect(waiting?.target).toBe('/contributor/payouts');
    await open(page, waiting?.target ?? '/');
    expect(await page.locator('h1').textContent()).toBe('Payouts');
    expect(await page.locator('[data-payouts] tr', { hasText: 'Static Bloom' }).count()).toBeGreaterThan(0);
    await context.close();
  });
});
