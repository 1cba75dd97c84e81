import { Hono } from 'hono';
import { z } from 'zod';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { deployCreatorCoin } from '../../services/coins';
import { castExtensionVote } from '../../services/milestones';

const voteSchema = z.object({
  campaignId: z.string().min(1).max(64),
  userId: z.string().min(1).max(64),
  vote: z.boolean(),
});

const count = z.number().int().min(0).max(1e12);
const deploySchema = z.object({
  campaignId: z.string().min(1).max(64),
  coinSymbol: z.string().min(1).max(16),
  initialSupply: count,
  pricePerCoin: count,
  distributionModel: z.object({ fanSupply: count, teamSupply: count, marketingSupply: count, reserveSupply: count }),
});

/**
 * /api/functions — the product's named functions, each calling its feature's verbs:
 * vote-campaign-extension (milestones), deploy-creator-coin (coins).
 */
export const functionsRoutes = new Hono<AppEnv>()
  .post('/vote-campaign-extension', validate('json', voteSchema), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await castExtensionVote(c.get('deps'), viewer, c.req.valid('json')));
  })
  .post('/deploy-creator-coin', validate('json', deploySchema), async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ deployment: await deployCreatorCoin(c.get('deps'), viewer, c.req.valid('json')) });
  });
