import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import { hideItemInput, submitReportInput } from '../../domain/reports/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { dismissReports, hideReportedItem, listReports, submitReport, unhideItem } from '../../services/reports';

/** An item kind in a path: lower-case words and hyphens; the verb answers 404 for one it does not know. */
const KIND = '{[a-z-]{1,20}}';

/**
 * /api/reports: a signed-in person reports an item (POST /); admins list the open reports by item
 * (GET /), dismiss them or hide the item (POST /{kind}/{id}/dismiss|hide), and show a hidden item
 * again (POST /{kind}/{id}/unhide). docs/reports.md.
 */
export const reportRoutes = new Hono<AppEnv>()
  .post('/', validate('json', submitReportInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await submitReport(c.get('deps'), viewer, c.req.valid('json')), 201);
  })
  .get('/', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listReports(c.get('deps'), viewer));
  })
  .post(`/:kind${KIND}/:id${ID.record}/dismiss`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await dismissReports(c.get('deps'), viewer, c.req.param('kind'), c.req.param('id')));
  })
  .post(`/:kind${KIND}/:id${ID.record}/hide`, validate('json', hideItemInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(
      await hideReportedItem(c.get('deps'), viewer, c.req.param('kind'), c.req.param('id'), c.req.valid('json')),
    );
  })
  .post(`/:kind${KIND}/:id${ID.record}/unhide`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await unhideItem(c.get('deps'), viewer, c.req.param('kind'), c.req.param('id')));
  });
