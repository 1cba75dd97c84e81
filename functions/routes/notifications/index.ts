import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import { listNotificationsQuery } from '../../domain/notifications/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import {
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  notificationSummary,
} from '../../services/notifications';

/** The viewer's own notifications; every route is signed-in only and scoped to the viewer. */
export const notificationRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    await next();
  })
  .get('/', validate('query', listNotificationsQuery), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await listNotifications(c.get('deps'), viewer, c.req.valid('query')));
  })
  .get('/summary', async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await notificationSummary(c.get('deps'), viewer));
  })
  .post('/read-all', async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await markAllNotificationsRead(c.get('deps'), viewer));
  })
  .post(`/:id${ID.notification}/read`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await markNotificationRead(c.get('deps'), viewer, c.req.param('id')));
  });
