import { Hono } from 'hono';
import { isAdmin, isContributor, isEditor, isViewer } from '../../domain/users/roles';
import { currentViewer, requireViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { backingRoutes } from './backing';
import { followRoutes } from './follows';
import { statementRoutes } from './statement';

/**
 * GET /api/me — the signed-in user, profile and roles (401 when signed out). With ?optional=1 (the
 * pages' session check) signed out is an ordinary answer: 200 with `{ user: null }`.
 */
export const meRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    c.header('Cache-Control', 'private, no-store');
    const v = c.req.query('optional') === '1' ? await currentViewer(c) : await requireViewer(c);
    if (!v) return c.json({ user: null });
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
  .route('/', statementRoutes)
  // The backer's own payments: JSON and a yearly CSV.
  .route('/', backingRoutes)
  // The campaigns the viewer follows.
  .route('/', followRoutes);
