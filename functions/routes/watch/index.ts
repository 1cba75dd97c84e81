import { Hono } from 'hono';
import { ID } from '../../http/ids';
import { requireViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { catalogueContext } from '../../services/catalogue/context';
import { continueWatching } from '../../services/watch/continue';
import { getProgress, progressInput, saveProgress } from '../../services/watch/progress';
import { recordView } from '../../services/watch/view';

/** Watching: the viewer's own positions, Continue watching and views. Personal: never cached. */
export const watchRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .get('/continue', async (c) => {
    const viewer = await requireViewer(c);
    return c.json({ items: await continueWatching(c.get('db'), viewer) });
  })
  .get(`/:videoId${ID.film}`, async (c) => {
    const viewer = await requireViewer(c);
    return c.json(await getProgress(catalogueContext(c.get('db'), c.env.KV), viewer, c.req.param('videoId')));
  })
  .put(`/:videoId${ID.film}`, validate('json', progressInput), async (c) => {
    const viewer = await requireViewer(c);
    const ctx = catalogueContext(c.get('db'), c.env.KV);
    return c.json(await saveProgress(ctx, viewer, c.req.param('videoId'), c.req.valid('json')));
  })
  .post(`/:videoId${ID.film}/view`, async (c) => {
    const viewer = await requireViewer(c);
    return c.json(await recordView(catalogueContext(c.get('db'), c.env.KV), viewer, c.req.param('videoId')));
  });
