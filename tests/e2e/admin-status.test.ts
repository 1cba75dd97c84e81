import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiJson, open, signIn } from './api';
import { baseUrl, launchBrowser, newPage } from './browser';
import { liveCampaign, tap } from './tap';

let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

describe("the admin's Set status on a live campaign", () => {
  it('starts on the current status, keeps Apply disabled until it changes, and confirms completed and cancelled', async () => {
    const live = await liveCampaign(baseUrl());
    const { context, page, errors } = await newPage(browser);
    await signIn(context, 'admin@reelfund.local');
    await open(page, `/admin/edit/${live.campaignId}/campaign`);
    const select = page.locator('#admin-status');
    const apply = page.locator('[data-action="set-status"]');
    await expect.poll(() => select.inputValue()).toBe('live');
    expect(await apply.isDisabled()).toBe(true);

    for (const status of ['completed', 'cancelled']) {
      await select.selectOption(status);
      await expect.poll(() => apply.isDisabled()).toBe(false);
      await tap(page, '[data-action="set-status"]');
      const dialog = page.locator('dialog[data-dialog="set-status"]');
      await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(true);
      await tap(page, 'dialog[data-dialog="set-status"] button:has-text("Cancel")');
      await expect.poll(() => dialog.evaluate((d) => (d as HTMLDialogElement).open)).toBe(false);
    }
    // Cancelling the confirmation changed nothing.
    const view = await apiJson<{ campaign: { campaign: { status: string } } }>(
      context,
      'GET',
      `/api/campaigns/${live.campaignId}`,
    );
    expect(view.campaign.campaign.status).toBe('live');
    // Back on the current status, Apply is disabled again.
    await select.selectOption('live');
    await expect.poll(() => apply.isDisabled()).toBe(true);
    expect(errors).toEqual([]);
  });
});
