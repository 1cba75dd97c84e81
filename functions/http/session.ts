import type { Context, MiddlewareHandler } from 'hono';
import { authorize, type RuleName } from '../auth/authorize';
import { resolveViewer, type Viewer } from '../auth/viewer';
import { unauthorized } from '../domain/errors';
import type { AppEnv } from './types';

type Ctx = Context<AppEnv>;

/** The viewer of this request (null when signed out); resolved at most once per request. */
export function currentViewer(c: Ctx): Promise<Viewer | null> {
  let p = c.get('viewerPromise');
  if (!p) {
    p = resolveViewer(c.get('deps'), c.req.raw.headers).then(({ viewer, setCookies }) => {
      for (const cookie of setCookies) c.header('set-cookie', cookie, { append: true });
      return viewer;
    });
    c.set('viewerPromise', p);
  }
  return p;
}

/** The signed-in viewer, or 401. */
export async function requireViewer(c: Ctx): Promise<Viewer> {
  const viewer = await currentViewer(c);
  if (!viewer) throw unauthorized();
  return viewer;
}

/**
 * For routes whose body is a file: the verb's own rule, applied before the body is read, so a
 * refused upload never streams into the worker. The verb checks it again on its first line.
 */
export const authorizeBeforeBody =
  (rule: RuleName): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    authorize(await currentViewer(c), rule);
    await next();
  };
