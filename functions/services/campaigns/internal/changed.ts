import type { UnitOfWork } from '../../../db/unit-of-work';

/**
 * What every change to a campaign adds to its batch: its audit row, and the 'campaign-changed'
 * follow-up — the campaign's open film pages are rung, and if it no longer takes money its open
 * Checkout Sessions expire, a cancelled one refunds, an admin-completed one pays out
 * (functions/follow-ups.ts). A deleted campaign passes the session ids it read before. And the
 * campaign list's cache starts afresh, so /campaigns and home show the change at once
 * (docs/campaigns.md, "Caching").
 */
export function campaignChanged(
  uow: UnitOfWork,
  entry: { verb: string; campaignId: string; summary: string },
  sessions?: string[],
): UnitOfWork {
  return uow
    .audit({ verb: entry.verb, resourceType: 'campaign', resourceId: entry.campaignId, summary: entry.summary })
    .owe('campaign-changed', { campaignId: entry.campaignId, ...(sessions ? { sessions } : {}) })
    .owe('campaign-list-bump', {});
}
