import { Hono } from 'hono';
import { isAdmin, isContributor, isEditor, isViewer } from '../../domain/users/roles';
import { requireViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { statementRoutes } from './statement';

/** GET /api/me — the signed-in user, profile and roles (401 when signed out). */
export const meRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const v = await requireViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({
      user: { id: v.userId, email: v.email },
      profile: { username: v.username, avatarUrl: v.avatarUrl },
      roles: v.roles,
      abilities: {
        isContributor: isContributor(v.roles),
        isAdmin: isAdmin(v.roles),
        isEditor: isEditor(v.roles),
        isViewer: isViewer(v.roles),
      },
      session: { expiresAt: v.sessionExpiresAt },
    });
  })
  // The member's own statement: JSON and CSV.
  .route('/', statementRoutes);
