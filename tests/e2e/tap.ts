import type { Page } from 'playwright-core';

/**
 * Taps a control where a person would: at the centre of its box, through whatever covers it (a
 * control hidden under another element, or off screen, is not tapped).
 */
export async function tap(page: Page, selector: string) {
  const target = page.locator(selector).first();
  await target.scrollIntoViewIfNeeded();
  const box = await target.boundingBox();
  if (!box) throw new Error(`${selector} has no box on the page`);
  await page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
}

export interface LiveCampaign {
  campaignId: string;
  movieId: string;
  filmTitle: string;
}

/** A live campaign of the seed (read only: tests that use it never change it). */
export async function liveCampaign(base: string): Promise<LiveCampaign> {
  const live = (await (await fetch(`${base}/api/campaigns/live`)).json()) as { campaigns: LiveCampaign[] };
  const campaign = live.campaigns[0];
  if (!campaign) throw new Error('the campaigns seed has a live campaign');
  return campaign;
}
