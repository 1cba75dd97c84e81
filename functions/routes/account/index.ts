import { Hono } from 'hono';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { closeSockets } from '../../realtime/doorbell';
import { signOutEverywhere } from '../../services/accounts/sign-out-everywhere';
import { updateProfile } from '../../services/accounts/update-profile';
import { updateProfileInput } from '../../shared/accounts/input';

export const accountRoutes = new Hono<AppEnv>()
  /** Sign out everywhere: every session of the user is revoked, and this browser's cookies cleared. */
  .post('/sign-out', async (c) => {
    const viewer = await currentViewer(c);
    const cookies = await signOutEverywhere(c.get('services'), viewer, c.req.raw.headers);
    if (viewer && c.env.USER_CHANNEL) await closeSockets(c.env.USER_CHANNEL, viewer.userId);
    for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
    return c.json({ ok: true });
  })
  .patch('/profile', validate('json', updateProfileInput), async (c) => {
    const viewer = await currentViewer(c);
    const profile = await updateProfile(c.get('services'), viewer, c.req.valid('json'));
    return c.json({ profile });
  });
