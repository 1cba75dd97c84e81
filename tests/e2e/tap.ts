import type { Locator, Page } from 'playwright-core';

/**
 * Taps a control where a person would: at the centre of its box, as soon as a person can see it there —
 * once nothing covers that point (the first page of a tab shows the coming-soon gate's loading screen
 * over everything until the gate's settings arrive, "While settings load"). A control that stays
 * hidden under another element, or has no box, is never tapped: the tap fails after `timeout` ms.
 */
export async function tap(page: Page, control: string | Locator, timeout = 10_000) {
  const target = typeof control === 'string' ? page.locator(control).first() : control.first();
  const selector = typeof control === 'string' ? control : control.toString();
  const deadline = Date.now() + timeout;
  for (;;) {
    await target.scrollIntoViewIfNeeded();
    const box = await target.boundingBox();
    const x = box ? box.x + box.width / 2 : 0;
    const y = box ? box.y + box.height / 2 : 0;
    const onTop =
      box !== null &&
      (await target.evaluate(
        (el, [px, py]) => {
          const hit = document.elementFromPoint(px as number, py as number);
          return hit !== null && (hit === el || el.contains(hit));
        },
        [x, y],
      ));
    if (onTop) {
      await page.mouse.click(x, y);
      return;
    }
    if (Date.now() > deadline) {
      throw new Error(box ? `${selector} stays covered at its centre` : `${selector} has no box on the page`);
    }
    await page.waitForTimeout(50);
  }
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
