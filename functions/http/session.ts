import type { Context, MiddlewareHandler } from 'hono';
import { resolveViewer, type Viewer } from '../auth/viewer';
import { forbidden, unauthorized } from '../lib/errors';
import type { Role } from '../lib/roles';
import type { AppEnv } from './types';

type Ctx = Context<AppEnv>;

/** The viewer of this request (null when signed out); resolved at most once per request. */
export function currentViewer(c: Ctx): Promise<Viewer | null> {
  let p = c.get('viewerPromise');
  if (!p) {
    p = resolveViewer(c.get('services'), c.req.raw.headers).then(({ viewer, setCookies }) => {
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

/** The signed-in viewer whose roles pass `allowed`, or 401/403. */
export async function requireRoles(c: Ctx, allowed: (roles: readonly Role[]) => boolean): Promise<Viewer> {
  const viewer = await requireViewer(c);
  if (!allowed(viewer.roles)) throw forbidden();
  return viewer;
}

/** Route-level guard form of requireRoles. */
export const roleGuard =
  (allowed: (roles: readonly Role[]) => boolean): MiddlewareHandler<AppEnv> =>
  async (c, next) => {
    await requireRoles(c, allowed);
    await next();
  };
