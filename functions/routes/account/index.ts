import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { updateProfileInput } from '../../domain/accounts/input';
import { DomainError } from '../../domain/errors';
import { AVATAR_MAX_BYTES, AVATAR_TEXT } from '../../domain/users/avatar';
import { authorizeBeforeBody, currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { closeSockets } from '../../realtime/doorbell';
import { removeAvatar, setAvatar, signOutEverywhere, updateProfile } from '../../services/accounts';

/** Routes whose bodies are file bytes (the app's 1 MB default limit does not apply, their own does). */
export const ACCOUNT_FILE_ROUTES = ['/api/account/avatar'];

export const accountRoutes = new Hono<AppEnv>()
  /** Sign out everywhere: every session of the user is revoked, and this browser's cookies cleared. */
  .post('/sign-out', async (c) => {
    const viewer = await currentViewer(c);
    const cookies = await signOutEverywhere(c.get('deps'), viewer, c.req.raw.headers);
    if (viewer && c.env.USER_CHANNEL) await closeSockets(c.env.USER_CHANNEL, viewer.userId);
    for (const cookie of cookies) c.header('set-cookie', cookie, { append: true });
    return c.json({ ok: true });
  })
  .patch('/profile', validate('json', updateProfileInput), async (c) => {
    const viewer = await currentViewer(c);
    const profile = await updateProfile(c.get('deps'), viewer, c.req.valid('json'));
    return c.json({ profile });
  })
  /** The avatar is an image file in the body (its type from its leading bytes); DELETE goes back to the initial. */
  .put(
    '/avatar',
    authorizeBeforeBody('avatar.edit-own'),
    bodyLimit({
      maxSize: AVATAR_MAX_BYTES,
      onError: () => {
        throw new DomainError('payload_too_large', AVATAR_TEXT.avatarTooLarge(AVATAR_MAX_BYTES));
      },
    }),
    async (c) => {
      const viewer = await currentViewer(c);
      const profile = await setAvatar(c.get('deps'), viewer, await c.req.arrayBuffer());
      return c.json({ profile });
    },
  )
  .delete('/avatar', async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ profile: await removeAvatar(c.get('deps'), viewer) });
  });
