import { Hono } from 'hono';
import { z } from 'zod';
import { ID } from '../../http/ids';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { getExtensionVote } from '../../services/milestones/view';
import { castExtensionVote } from '../../services/milestones/vote';
import { processPayouts } from '../../services/payouts/process';

const voteSchema = z.object({
  campaignId: z.string().min(1).max(64),
  userId: z.string().min(1).max(64),
  vote: z.boolean(),
});

/** /api/functions — SPEC 7's named functions: vote-campaign-extension. */
export const functionRoutes = new Hono<AppEnv>().post(
  '/vote-campaign-extension',
  validate('json', voteSchema),
  async (c) => {
    const viewer = await currentViewer(c);
    const services = c.get('services');
    return c.json(
      await castExtensionVote(services, viewer, c.req.valid('json'), {
        startPayouts: (campaignId, milestoneNumber) =>
          services.schedule(processPayouts(services, viewer, { campaignId, milestoneNumber })),
      }),
    );
  },
);

/** /api/campaigns/:id/extension-vote — the state of the milestone vote, for the vote dialog. */
export const extensionVoteRoutes = new Hono<AppEnv>().get(`/:id${ID.campaign}/extension-vote`, async (c) => {
  const viewer = await currentViewer(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ extension: await getExtensionVote(c.get('services'), viewer, c.req.param('id')) });
});
