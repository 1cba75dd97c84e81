import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import { markThreadReadInput, postMessageInput, threadQuery } from '../../domain/messages/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import {
  listConversations,
  markMessageRead,
  markThreadRead,
  postMessage,
  RateLimitedError,
  readThread,
} from '../../services/messages';

/** Creator messages between the viewer and other people; signed-in only, scoped to the viewer. */
export const messageRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    await next();
  })
  .get('/', async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ conversations: await listConversations(c.get('deps'), viewer) });
  })
  .get(`/:userId${ID.user}`, validate('query', threadQuery), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await readThread(c.get('deps'), viewer, c.req.param('userId'), c.req.valid('query')));
  })
  .post(`/:userId${ID.user}`, validate('json', postMessageInput), async (c) => {
    const viewer = await currentViewer(c);
    try {
      const message = await postMessage(c.get('deps'), viewer, c.req.param('userId'), c.req.valid('json'));
      return c.json({ message }, 201);
    } catch (err) {
      if (err instanceof RateLimitedError) c.header('Retry-After', String(err.retryAfterSeconds));
      throw err;
    }
  })
  // The screen showing a thread marks it read (reading it with GET changes nothing).
  .post(`/:userId${ID.user}/read-all`, validate('json', markThreadReadInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await markThreadRead(c.get('deps'), viewer, c.req.param('userId'), c.req.valid('json')));
  })
  .post(`/:messageId${ID.message}/read`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await markMessageRead(c.get('deps'), viewer, c.req.param('messageId')));
  });
