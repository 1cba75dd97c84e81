import { eq } from 'drizzle-orm';
import { Hono } from 'hono';
import { session } from '../../db/schema';
import { requireViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { updateProfile, updateProfileInput } from '../../services/accounts/update-profile';

export const accountRoutes = new Hono<AppEnv>()
  /** Sign out everywhere: every session of the user is revoked, and this browser's cookies cleared. */
  .post('/sign-out', async (c) => {
    const viewer = await requireViewer(c);
    const { headers } = await c.get('auth').api.signOut({ headers: c.req.raw.headers, returnHeaders: true });
    await c.get('db').delete(session).where(eq(session.userId, viewer.userId));
    for (const cookie of headers.getSetCookie()) c.header('set-cookie', cookie, { append: true });
    return c.json({ ok: true });
  })
  .patch('/profile', validate('json', updateProfileInput), async (c) => {
    const viewer = await requireViewer(c);
    const profile = await updateProfile(c.get('services'), viewer, c.req.valid('json'));
    return c.json({ profile });
  });
