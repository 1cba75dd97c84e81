import { Hono } from 'hono';
import { updateSiteSettingsInput } from '../../domain/site-settings/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { updateSiteSettings, viewSiteSettings } from '../../services/site-settings';

/** Admins' Site settings: the coming-soon switch and passcode (which is write-only). */
export const siteSettingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ settings: await viewSiteSettings(c.get('deps'), viewer) });
  })
  .put('/', validate('json', updateSiteSettingsInput), async (c) => {
    const viewer = await currentViewer(c);
    const settings = await updateSiteSettings(c.get('deps'), viewer, c.req.valid('json'));
    return c.json({ settings });
  });
