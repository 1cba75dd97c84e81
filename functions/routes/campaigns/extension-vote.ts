import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { getExtensionVote } from '../../services/milestones';

/** /api/campaigns/:id/extension-vote — the state of the milestone vote, for the vote dialog. */
export const extensionVoteRoutes = new Hono<AppEnv>().get(`/:id${ID.campaign}/extension-vote`, async (c) => {
  const viewer = await currentViewer(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ extension: await getExtensionVote(c.get('deps'), viewer, c.req.param('id')) });
});
