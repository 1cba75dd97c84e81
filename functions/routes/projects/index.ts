import { Hono } from 'hono';
import { z } from 'zod';
import { ID } from '../../domain/ids';
import {
  browseProjectsInput,
  editProjectInput,
  postProjectInput,
  reviewProjectPosterInput,
} from '../../domain/projects/input';
import { currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import {
  browseProjects,
  editProject,
  getProject,
  myProjects,
  postProject,
  projectPostersWaiting,
  reviewProjectPoster,
  streamProjectPoster,
} from '../../services/projects';

/** GET /api/projects/{id}/poster: `pending=1` asks for the poster waiting for review; `v` only busts caches. */
const posterQuery = z.object({ pending: z.enum(['1']).optional(), v: z.string().max(20).optional() }).strict();

/**
 * /api/projects: signed-in people browse projects (GET /, by stage, role needed and words of the title
 * or logline), read one (GET /{id}) and post (POST /); the owner edits theirs (PATCH /{id}; anyone
 * else 404) and lists them (GET /mine); admins review waiting posters (GET /posters-waiting, POST
 * /{id}/poster-review). Hidden projects are 404 but to their owner and the admins. docs/projects.md.
 */
export const projectRoutes = new Hono<AppEnv>()
  .get('/', validate('query', browseProjectsInput), async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await browseProjects(c.get('deps'), viewer, c.req.valid('query')));
  })
  .post('/', validate('json', postProjectInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await postProject(c.get('deps'), viewer, c.req.valid('json')), 201);
  })
  .get('/mine', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await myProjects(c.get('deps'), viewer));
  })
  .get('/posters-waiting', async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await projectPostersWaiting(c.get('deps'), viewer));
  })
  .get(`/:id${ID.record}`, async (c) => {
    const viewer = await currentViewer(c);
    c.header('Cache-Control', 'private, no-store');
    return c.json(await getProject(c.get('deps'), viewer, c.req.param('id')));
  })
  .patch(`/:id${ID.record}`, validate('json', editProjectInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await editProject(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json')));
  })
  .get(`/:id${ID.record}/poster`, validate('query', posterQuery), async (c) =>
    streamProjectPoster(
      c.get('deps'),
      await currentViewer(c),
      c.req.param('id'),
      c.req.valid('query').pending === '1',
      c.req.raw,
    ),
  )
  .post(`/:id${ID.record}/poster-review`, validate('json', reviewProjectPosterInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json(await reviewProjectPoster(c.get('deps'), viewer, c.req.param('id'), c.req.valid('json')));
  });
