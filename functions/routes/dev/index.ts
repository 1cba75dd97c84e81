import { Hono } from 'hono';
import { ANYONE } from '../../auth/authorize';
import { faucetInput } from '../../domain/coins/input';
import { notFound } from '../../domain/errors';
import { outboxQuery } from '../../domain/mail/input';
import { clockOffsetInput } from '../../domain/site-settings/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { giveTestUsdc } from '../../services/coins';
import { readOutbox } from '../../services/mail';
import { setClockOffset, viewClock } from '../../services/site-settings';

/** Local development only (ENVIRONMENT=local): the mail outbox, the clock and the test USDC faucet. In production these do not exist. */
export const devRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    if (!c.get('deps').config.isLocal) throw notFound('No such endpoint');
    await next();
  })
  .get('/outbox', validate('query', outboxQuery), async (c) => {
    const { to } = c.req.valid('query');
    return c.json({ mails: await readOutbox(c.get('deps'), ANYONE, { to }) });
  })
  .get('/clock', (c) => c.json(viewClock(c.get('deps'), ANYONE)))
  .put('/clock', validate('json', clockOffsetInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await setClockOffset(c.get('deps'), viewer, c.req.valid('json')));
  })
  .post('/usdc-faucet', validate('json', faucetInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await giveTestUsdc(c.get('deps'), viewer, c.req.valid('json')));
  });
