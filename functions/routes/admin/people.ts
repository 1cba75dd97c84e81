import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import {
  adminNoteInput,
  changeRoleInput,
  listPeopleQuery,
  searchPeopleQuery,
  suspensionInput,
} from '../../domain/people/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { closeSockets } from '../../realtime/doorbell';
import {
  addAdminNote,
  getPerson,
  grantRole,
  listPeople,
  reinstateAccount,
  revokeRole,
  searchPeople,
  suspendAccount,
} from '../../services/people';

/** /api/admin/people — find people, read a person, grant and revoke roles (docs/admin-tools.md). Admins only. */
export const adminPeopleRoutes = new Hono<AppEnv>()
  .get('/', validate('query', searchPeopleQuery), async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ people: await searchPeople(c.get('deps'), viewer, c.req.valid('query')) });
  })
  // Before /:id, which would take "list" for an id.
  .get('/list', validate('query', listPeopleQuery), async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await listPeople(c.get('deps'), viewer, c.req.valid('query')));
  })
  .get(`/:id${ID.user}`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ person: await getPerson(c.get('deps'), viewer, c.req.param('id')) });
  })
  .post(`/:id${ID.user}/roles`, validate('json', changeRoleInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await grantRole(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json')));
  })
  .post(`/:id${ID.user}/roles/revoke`, validate('json', changeRoleInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await revokeRole(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json')));
  })
  .post(`/:id${ID.user}/suspend`, validate('json', suspensionInput), async (c) => {
    const viewer = await currentViewer(c);
    const id = c.req.param('id');
    const out = await suspendAccount(c.get('deps'), viewer, id, c.req.valid('json'));
    // Their sessions are gone: close their open sockets, as signing out everywhere does.
    if (c.env.USER_CHANNEL) await closeSockets(c.env.USER_CHANNEL, id);
    return c.json(out);
  })
  .post(`/:id${ID.user}/reinstate`, validate('json', suspensionInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await reinstateAccount(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json')));
  })
  .post(`/:id${ID.user}/notes`, validate('json', adminNoteInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await addAdminNote(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json')));
  });
