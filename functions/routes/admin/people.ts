import { Hono } from 'hono';
import { ID } from '../../domain/ids';
import { changeRoleInput, searchPeopleQuery } from '../../domain/people/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { getPerson, grantRole, revokeRole, searchPeople } from '../../services/people';

/** /api/admin/people — find people, read a person, grant and revoke roles (docs/admin-tools.md). Admins only. */
export const adminPeopleRoutes = new Hono<AppEnv>()
  .get('/', validate('query', searchPeopleQuery), async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json({ people: await searchPeople(c.get('deps'), viewer, c.req.valid('query')) });
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
  });
