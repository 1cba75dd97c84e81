import { Hono } from 'hono';
import { z } from 'zod';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { notFound } from '../../lib/errors';
import { readOutbox } from '../../services/mail/outbox';

/** Local development only (ENVIRONMENT=local): the mail outbox. In production these do not exist. */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!c.get('config').isLocal) throw notFound('No such endpoint');
    await next();
  })
  .get('/outbox', validate('query', z.object({ to: z.string().optional() })), async (c) => {
    const { to } = c.req.valid('query');
    return c.json({ mails: await readOutbox(c.env.KV, { to }) });
  });
