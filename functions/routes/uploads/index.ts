import type { Context } from 'hono';
import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { z } from 'zod';
import { ID } from '../../http/ids';
import { requireViewer, roleGuard } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { ApiError } from '../../lib/errors';
import { FILM_MSG } from '../../lib/film-messages';
import { isContributor } from '../../lib/roles';
import { MAX_PART_BYTES, MAX_POSTER_BYTES } from '../../lib/upload-plan';
import { abortUpload } from '../../services/uploads/abort';
import { completeUpload } from '../../services/uploads/complete';
import type { UploadDeps } from '../../services/uploads/context';
import { createUpload, createUploadInput } from '../../services/uploads/create';
import { uploadPoster } from '../../services/uploads/poster';
import { putPart } from '../../services/uploads/put-part';
import { getUpload, listUnfinishedUploads } from '../../services/uploads/read';

/** Routes whose bodies are file bytes: the app's 1 MB default limit does not apply, their own does. */
export const FILE_BODY_ROUTES = ['/api/uploads/:id/parts/:part', '/api/uploads/posters'];

const limit = (maxSize: number, message: string) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new ApiError('payload_too_large', message);
    },
  });

const deps = (c: Context<AppEnv>): UploadDeps => ({
  db: c.get('db'),
  bucket: c.env.MEDIA,
  maxBytes: c.get('config').UPLOAD_MAX_BYTES,
});

/** Video and poster uploads to R2 through the worker; contributors and admins, each their own uploads only. */
export const uploadRoutes = new Hono<AppEnv>()
  .use(roleGuard(isContributor))
  .get('/', async (c) => {
    const viewer = await requireViewer(c);
    const uploads = await listUnfinishedUploads(c.get('db'), viewer);
    return c.json({ uploads, maxBytes: c.get('config').UPLOAD_MAX_BYTES });
  })
  .post('/', validate('json', createUploadInput), async (c) => {
    const viewer = await requireViewer(c);
    return c.json({ upload: await createUpload(deps(c), viewer, c.req.valid('json')) }, 201);
  })
  .post(
    '/posters',
    limit(MAX_POSTER_BYTES, FILM_MSG.posterTooLarge(MAX_POSTER_BYTES)),
    validate('query', z.object({ name: z.string().max(255).default('poster') })),
    async (c) => {
      const viewer = await requireViewer(c);
      const body = await c.req.arrayBuffer();
      return c.json({ upload: await uploadPoster(deps(c), viewer, body, c.req.valid('query').name) }, 201);
    },
  )
  .get(`/:id${ID.upload}`, async (c) => {
    const viewer = await requireViewer(c);
    return c.json({ upload: await getUpload(c.get('db'), viewer, c.req.param('id')) });
  })
  .put(`/:id${ID.upload}/parts/:part`, limit(MAX_PART_BYTES, FILM_MSG.partTooLarge(MAX_PART_BYTES)), async (c) => {
    const viewer = await requireViewer(c);
    const part = Number(c.req.param('part'));
    const body = await c.req.arrayBuffer();
    return c.json({ upload: await putPart(deps(c), viewer, c.req.param('id'), part, body) });
  })
  .post(`/:id${ID.upload}/complete`, async (c) => {
    const viewer = await requireViewer(c);
    return c.json({ upload: await completeUpload(deps(c), viewer, c.req.param('id')) });
  })
  .delete(`/:id${ID.upload}`, async (c) => {
    const viewer = await requireViewer(c);
    return c.json({ upload: await abortUpload(deps(c), viewer, c.req.param('id')) });
  });
