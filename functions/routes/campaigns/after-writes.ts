import { createMiddleware } from 'hono/factory';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { afterCampaignChange } from '../../services/refunds/after-campaign-change';
import { openCheckouts } from '../../shared/payments/expire-checkouts';

/**
 * Every successful change to /api/campaigns/:id or below is followed, after the response, by
 * afterCampaignChange: whichever verb stopped the campaign taking money (pause, status, an edit
 * sent back to review, cancel, delete), its open Checkout Sessions expire and a cancellation
 * refunds. One place for every verb, present and future; a no-op for a campaign still live.
 */
export const afterCampaignWrites = createMiddleware<AppEnv>(async (c, next) => {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return next();
  const campaignId = c.req.param('id');
  if (!campaignId) return next();
  const services = c.get('services');
  // A delete takes the session rows with the campaign: read them first.
  const deleting = c.req.method === 'DELETE' && c.req.path.replace(/\/$/, '').endsWith(`/${campaignId}`);
  const before = deleting ? await openCheckouts(services.db, campaignId) : undefined;
  await next();
  if (c.res.status >= 300) return;
  // Only a signed-in caller can change a campaign (a guest's checkout changes nothing here).
  const actor = await currentViewer(c);
  if (actor) services.schedule(afterCampaignChange(services, actor, campaignId, before));
});
