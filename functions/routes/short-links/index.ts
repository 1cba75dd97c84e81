import { Hono, type MiddlewareHandler } from 'hono';
import { attemptLimits } from '../../auth/throttle';
import { clientAddress, reserveOr429 } from '../../http/limits';
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
    const config = c.get('config');
    await reserveOr429(
      c,
      attemptLimits.shortLink(clientAddress(c), config.SHORT_LINKS_PER_HOUR_PER_ADDRESS),
      'Too many short links were made from your network.',
    );
    const link = await createShortLink({ db: c.get('db'), kv: c.env.KV }, viewer, c.req.valid('json'), {
      publicUrl: config.PUBLIC_URL,
      isLocal: config.isLocal,
    });
    return c.json(link);
  },
);
