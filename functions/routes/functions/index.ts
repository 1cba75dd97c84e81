import { Hono } from 'hono';
import { z } from 'zod';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { castExtensionVote } from '../../services/milestones/vote';
import { processPayouts } from '../../services/payouts/process';

const voteSchema = z.object({
  campaignId: z.string().min(1).max(64),
  userId: z.string().min(1).max(64),
  vote: z.boolean(),
});

/**
 * /api/functions — the product's named functions, each calling its feature's verbs:
 * vote-campaign-extension (milestones).
 */
export const functionsRoutes = new Hono<AppEnv>().post(
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
