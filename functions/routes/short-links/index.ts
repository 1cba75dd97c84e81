import { Hono, type MiddlewareHandler } from 'hono';
import { requireViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { createShortLink, createShortLinkInput } from '../../services/short-links/create';

const signedIn: MiddlewareHandler<AppEnv> = async (c, next) => {
  await requireViewer(c);
  await next();
};

/** POST /api/short-links {path} → {code, url}: signed-in users, for pages they may open. */
export const shortLinkRoutes = new Hono<AppEnv>().post(
  '/',
  signedIn,
  validate('json', createShortLinkInput),
  async (c) => {
    const viewer = await requireViewer(c);
    const link = await createShortLink(c.get('services'), viewer, c.req.valid('json'));
    return c.json(link);
  },
);
