import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import { DomainError } from '../../domain/errors';
import { captionTrackInput } from '../../domain/films/caption-input';
import { CAPTIONS_MAX_BYTES } from '../../domain/films/captions';
import { FILM_TEXT } from '../../domain/films/texts';
import { ID } from '../../domain/ids';
import { authorizeBeforeBody, currentViewer } from '../../http/session';
import type { AppEnv } from '../../http/types';
import { validate } from '../../http/validate';
import { addCaptions, removeCaptions, replaceCaptions } from '../../services/films';

const fileLimit = bodyLimit({
  maxSize: CAPTIONS_MAX_BYTES,
  onError: () => {
    throw new DomainError('payload_too_large', FILM_TEXT.captionsTooLarge(CAPTIONS_MAX_BYTES));
  },
});

/**
 * A film's caption tracks: the body is the .vtt file itself, the language and label are in the
 * query (`?language=en&label=English`). PUT replaces the file (an empty body keeps it) and/or the
 * language and label; DELETE removes the track.
 */
export const filmCaptionRoutes = new Hono<AppEnv>()
  .post(
    `/:id${ID.film}/captions`,
    authorizeBeforeBody('film.edit-own'),
    fileLimit,
    validate('query', captionTrackInput),
    async (c) => {
      const viewer = await currentViewer(c);
      const body = await c.req.arrayBuffer();
      const track = await addCaptions(c.get('deps'), viewer, c.req.param('id'), c.req.valid('query'), body);
      return c.json({ captions: track }, 201);
    },
  )
  .put(
    `/:id${ID.film}/captions/:captionId${ID.caption}`,
    authorizeBeforeBody('film.edit-own'),
    fileLimit,
    validate('query', captionTrackInput.partial()),
    async (c) => {
      const viewer = await currentViewer(c);
      const body = await c.req.arrayBuffer();
      const { id, captionId } = c.req.param();
      const track = await replaceCaptions(c.get('deps'), viewer, id, captionId, c.req.valid('query'), body);
      return c.json({ captions: track });
    },
  )
  .delete(`/:id${ID.film}/captions/:captionId${ID.caption}`, async (c) => {
    const viewer = await currentViewer(c);
    const { id, captionId } = c.req.param();
    return c.json(await removeCaptions(c.get('deps'), viewer, id, captionId));
  });
