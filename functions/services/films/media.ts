import { type Actor, authorize } from '../../auth/authorize';
import { notFound } from '../../domain/errors';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { mediaOf } from '../../platform/deps';
import { rangeNotSatisfiable } from '../media';
import { loadManageableFilm } from './internal/film-view';
import { parseRange } from './internal/range';

/**
 * A film's video or poster for its owner and the admins (preview before and during review), with
 * Range support so the player can seek. The public catalogue streams approved films on its own.
 */
export async function previewMedia(
  deps: Pick<Deps, 'db' | 'media'>,
  actor: Actor,
  id: string,
  which: 'video' | 'poster' | 'pending-poster',
  request: Request,
): Promise<Response> {
  const viewer = authorize(actor, 'film.edit-own');
  const film = await loadManageableFilm(deps.db, viewer, id);
  const bucket = mediaOf(deps);
  const key = which === 'video' ? film.videoKey : which === 'poster' ? film.posterKey : film.pendingPosterKey;
  if (!key) throw notFound(TEXT.videoNotFound);

  const head = await bucket.head(key);
  if (!head) throw notFound(TEXT.videoNotFound);
  const range = parseRange(request.headers.get('range'), head.size);
  if (range === 'unsatisfiable') {
    return rangeNotSatisfiable(head.size);
  }
  const object = await bucket.get(
    key,
    range ? { range: { offset: range.start, length: range.end - range.start + 1 } } : {},
  );
  if (!object) throw notFound(TEXT.videoNotFound);

  const headers = new Headers();
  object.writeHttpMetadata(headers);
  headers.set('etag', object.httpEtag);
  headers.set('accept-ranges', 'bytes');
  headers.set('cache-control', 'private, no-store');
  if (!range) {
    headers.set('content-length', String(head.size));
    return new Response(object.body, { status: 200, headers });
  }
  headers.set('content-range', `bytes ${range.start}-${range.end}/${head.size}`);
  headers.set('content-length', String(range.end - range.start + 1));
  return new Response(object.body, { status: 206, headers });
}
