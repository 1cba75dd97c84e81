import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import { progressInput } from '../../domain/watch/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { continueWatching, getProgress, recordView, saveProgress } from '../../services/watch';

/** Watching: the viewer's own positions, Continue watching and views. Personal: never cached. */
export const watchRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .get('/continue', async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ items: await continueWatching(c.get('deps'), viewer) });
  })
  .get(`/:videoId${ID.film}`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await getProgress(c.get('deps'), viewer, c.req.param('videoId')));
  })
  .put(`/:videoId${ID.film}`, validate('json', progressInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await saveProgress(c.get('deps'), viewer, c.req.param('videoId'), c.req.valid('json')));
  })
  .post(`/:videoId${ID.film}/view`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await recordView(c.get('deps'), viewer, c.req.param('videoId')));
  });
