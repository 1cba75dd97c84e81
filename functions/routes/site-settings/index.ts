import { Hono } from 'hono';
import { requireRoles, roleGuard } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { isAdmin } from '../../lib/roles';
import { updateSiteSettings, updateSiteSettingsInput, viewSiteSettings } from '../../services/site-settings/update';

/** Admins' Site settings: the coming-soon switch and passcode (which is write-only). */
export const siteSettingsRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    await requireRoles(c, isAdmin);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ settings: await viewSiteSettings(c.get('services')) });
  })
  .put('/', roleGuard(isAdmin), validate('json', updateSiteSettingsInput), async (c) => {
    const viewer = await requireRoles(c, isAdmin);
    const settings = await updateSiteSettings(c.get('services'), viewer, c.req.valid('json'));
    return c.json({ settings });
  });
