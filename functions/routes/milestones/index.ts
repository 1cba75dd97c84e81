import { Hono } from 'hono';
import { z } from 'zod';
import { ID } from '../../http/ids';
import { requireViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { scheduleFor } from '../../http/wait-until';
import { paymentsFor } from '../../payments/stripe';
import { getExtensionVote } from '../../services/milestones/view';
import { castExtensionVote } from '../../services/milestones/vote';
import { processPayouts } from '../../services/payouts';

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
    const viewer = await requireViewer(c);
    const schedule = scheduleFor(c);
    const { db, bell } = c.get('services');
    return c.json(
      await castExtensionVote(c.get('services'), viewer, c.req.valid('json'), {
        startPayouts: (campaignId, milestoneNumber) =>
          schedule(
            processPayouts({ db, bell, stripe: paymentsFor(c.env, schedule).stripe }, { campaignId, milestoneNumber }),
          ),
      }),
    );
  },
);

/** /api/campaigns/:id/extension-vote — the state of the milestone vote, for the vote dialog. */
export const extensionVoteRoutes = new Hono<AppEnv>().get(`/:id${ID.campaign}/extension-vote`, async (c) => {
  const viewer = await requireViewer(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ extension: await getExtensionVote(c.get('services'), viewer, c.req.param('id')) });
});
