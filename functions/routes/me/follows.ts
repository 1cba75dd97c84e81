import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { followCampaign, followedCampaigns, unfollowCampaign } from '../../services/backing';

/**
 * The campaigns the signed-in viewer follows under /api/me (docs/backing.md, "Following"): the list,
 * and PUT / DELETE of one (both idempotent; an unknown or non-public campaign is a 404).
 */
export const followRoutes = new Hono<AppEnv>()
  .get('/follows', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ campaigns: await followedCampaigns(c.get('deps'), viewer) });
  })
  .put(`/follows/:campaignId${ID.campaign}`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await followCampaign(c.get('deps'), viewer, c.req.param('campaignId')));
  })
  .delete(`/follows/:campaignId${ID.campaign}`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await unfollowCampaign(c.get('deps'), viewer, c.req.param('campaignId')));
  });
