import { Hono } from 'hono';
import { userSearchQuery } from '../../domain/users/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { searchUsers } from '../../services/users';

/** Finding other people (e.g. a message's recipient); signed-in only, usernames and avatars only. */
export const userRoutes = new Hono<AppEnv>().get('/search', validate('query', userSearchQuery), async (c) => {
  const viewer = await currentViewer(c);
  c.header('Cache-Control', 'private, no-store');
  return c.json({ users: await searchUsers(c.get('deps'), viewer, c.req.valid('query').q) });
});
