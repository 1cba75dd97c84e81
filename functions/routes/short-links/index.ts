import { Hono } from 'hono';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { createShortLink } from '../../services/short-links/create';
import { createShortLinkInput } from '../../shared/short-links/input';

/** POST /api/short-links {path} → {code, url}: signed-in users, for pages they may open. */
export const shortLinkRoutes = new Hono<AppEnv>().post('/', validate('json', createShortLinkInput), async (c) => {
  const viewer = await currentViewer(c);
  const link = await createShortLink(c.get('services'), viewer, c.req.valid('json'));
  return c.json(link);
});
