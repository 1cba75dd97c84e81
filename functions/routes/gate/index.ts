import { Hono } from 'hono';
import { ANYONE } from '../../auth/authorize';
import { accessCookie, clearedAccessCookie } from '../../domain/site-settings/access-cookie';
import { unlockInput } from '../../domain/site-settings/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { readSiteAccess, unlockGate } from '../../services/site-settings';

const secureCookies = (publicUrl: string) => publicUrl.startsWith('https://');

/** The coming-soon gate's own endpoints (open while the gate is on). Nothing here returns the passcode. */
export const gateRoutes = new Hono<AppEnv>()
  .get('/status', async (c) => {
    const status = await readSiteAccess(c.get('deps'), await currentViewer(c), c.req.raw.headers);
    c.header('Cache-Control', 'private, no-store');
    return c.json(status);
  })
  .post('/unlock', validate('json', unlockInput), async (c) => {
    const address = c.req.header('cf-connecting-ip') ?? null;
    const value = await unlockGate(c.get('deps'), ANYONE, c.req.valid('json').passcode, address);
    c.header('set-cookie', accessCookie(value, secureCookies(c.get('deps').config.PUBLIC_URL)));
    return c.json({ authorized: true });
  })
  /** Removes this browser's passcode access (an admin session is not touched). */
  .post('/reset', (c) => {
    c.header('set-cookie', clearedAccessCookie(secureCookies(c.get('deps').config.PUBLIC_URL)));
    return c.json({ ok: true });
  });
