import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '../../domain/errors';
import { FILM_TEXT } from '../../domain/films/texts';
import { MAX_PART_BYTES, MAX_POSTER_BYTES } from '../../domain/films/upload-plan';
import { ID } from '../../domain/ids';
import { createUploadInput, posterQuery } from '../../domain/uploads/input';
import { authorizeBeforeBody, currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import {
  abortUpload,
  completeUpload,
  createUpload,
  getUpload,
  listUnfinishedUploads,
  putPart,
  uploadPoster,
} from '../../services/uploads';

/** Routes whose bodies are file bytes: the app's 1 MB default limit does not apply, their own does. */
export const FILE_BODY_ROUTES = ['/api/uploads/:id/parts/:part', '/api/uploads/posters'];

const limit = (maxSize: number, message: string) =>
  bodyLimit({
    maxSize,
    onError: () => {
      throw new DomainError('payload_too_large', message);
    },
  });

/** Video and poster uploads to R2 through the worker; contributors and admins (the verbs decide), each their own uploads only. */
export const uploadRoutes = new Hono<AppEnv>()
  .get('/', async (c) => {
    const viewer = await currentViewer(c);
    const uploads = await listUnfinishedUploads(c.get('deps'), viewer);
    return c.json({ uploads, maxBytes: c.get('deps').config.UPLOAD_MAX_BYTES });
  })
  .post('/', validate('json', createUploadInput), async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ upload: await createUpload(c.get('deps'), viewer, c.req.valid('json')) }, 201);
  })
  .post(
    '/posters',
    authorizeBeforeBody('upload.own'),
    limit(MAX_POSTER_BYTES, FILM_TEXT.posterTooLarge(MAX_POSTER_BYTES)),
    validate('query', posterQuery),
    async (c) => {
      const viewer = await currentViewer(c);
      const body = await c.req.arrayBuffer();
      return c.json({ upload: await uploadPoster(c.get('deps'), viewer, body, c.req.valid('query').name) }, 201);
    },
  )
  .get(`/:id${ID.upload}`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ upload: await getUpload(c.get('deps'), viewer, c.req.param('id')) });
  })
  .put(
    `/:id${ID.upload}/parts/:part`,
    authorizeBeforeBody('upload.own'),
    limit(MAX_PART_BYTES, FILM_TEXT.partTooLarge(MAX_PART_BYTES)),
    async (c) => {
      const viewer = await currentViewer(c);
      const part = Number(c.req.param('part'));
      const body = await c.req.arrayBuffer();
      return c.json({ upload: await putPart(c.get('deps'), viewer, c.req.param('id'), part, body) });
    },
  )
  .post(`/:id${ID.upload}/complete`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ upload: await completeUpload(c.get('deps'), viewer, c.req.param('id')) });
  })
  .delete(`/:id${ID.upload}`, async (c) => {
    const viewer = await currentViewer(c);
    return c.json({ upload: await abortUpload(c.get('deps'), viewer, c.req.param('id')) });
  });
