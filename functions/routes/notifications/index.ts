import { Hono } from 'hono';
import { ID } from '../../http/ids';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { listNotifications } from '../../services/notifications/list';
import { markAllNotificationsRead, markNotificationRead } from '../../services/notifications/mark-read';
import { notificationSummary } from '../../services/notifications/summary';
import { listNotificationsQuery } from '../../shared/notifications/input';

/** The viewer's own notifications; every route is signed-in only and scoped to the viewer. */
export const notificationRoutes = new Hono<AppEnv>()
  .use(async (c, next) => {
    c.header('Cache-Control', 'private, no-store');
    await next();
  })
  .get('/', validate('query', listNotificationsQuery), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await listNotifications(c.get('services'), viewer, c.req.valid('query')));
  })
  .get('/summary', async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await notificationSummary(c.get('services'), viewer));
  })
  .post('/read-all', async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await markAllNotificationsRead(c.get('services'), viewer));
  })
  .post(`/:id${ID.notification}/read`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await markNotificationRead(c.get('services'), viewer, c.req.param('id')));
  });
