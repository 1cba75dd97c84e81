import { Hono } from 'hono';
import { deployInput } from '../../domain/coins/input';
import { voteInput } from '../../domain/milestones/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { deployCreatorCoin } from '../../services/coins';
import { castExtensionVote } from '../../services/milestones';

/**
 * /api/functions — the product's named functions, each calling its feature's verbs:
 * vote-campaign-extension (milestones), deploy-creator-coin (coins).
 */
export const functionsRoutes = new Hono<AppEnv>()
  .post('/vote-campaign-extension', validate('json', voteInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await castExtensionVote(c.get('deps'), viewer, c.req.valid('json')));
  })
  .post('/deploy-creator-coin', validate('json', deployInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ deployment: await deployCreatorCoin(c.get('deps'), viewer, c.req.valid('json')) });
  });
