import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { addToMyList, listMyList, removeFromMyList } from '../../services/my-list';

/** The signed-in viewer's own list; every query is scoped to the viewer, so no id reaches another's. */
export const myListRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    await next();
    c.header('Cache-Control', 'private, no-store');
  })
  .get('/', async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ items: await listMyList(c.get('deps'), viewer) });
  })
  .put(`/:videoId${ID.film}`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await addToMyList(c.get('deps'), viewer, c.req.param('videoId')));
  })
  .delete(`/:videoId${ID.film}`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await removeFromMyList(c.get('deps'), viewer, c.req.param('videoId')));
  });
