import type { Viewer } from '../../auth/viewer';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/errors';
import { MSG } from '../../lib/messages';
import { rangeNotSatisfiable } from '../media/serve';
import { loadManageableFilm } from './context';

/**
 * A film's video or poster for its owner and the admins (preview before and during review), with
 * Range support so the player can seek. The public catalogue streams approved films on its own.
 */
export async function previewMedia(
  db: Db,
  bucket: R2Bucket,
  viewer: Viewer,
  id: string,
  which: 'video' | 'poster' | 'pending-poster',
  request: Request,
): Promise<Response> {
  const film = await loadManageableFilm(db, viewer, id);
  const key = which === 'video' ? film.videoKey : which === 'poster' ? film.posterKey : film.pendingPosterKey;
  if (!key) throw notFound(MSG.videoNotFound);

  const head = await bucket.head(key);
  if (!head) throw notFound(MSG.videoNotFound);
  const range = parseRange(request.headers.get('range'), head.size);
  if (range === 'unsatisfiable') {
    return rangeNotSatisfiable(head.size);
  }
  const object = await bucket.get(
    key,
    range ? { range: { offset: range.start, length: range.end - range.start + 1 } } : {},
  );
  if (!object) throw notFound(MSG.videoNotFound);

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

/** One `bytes=` range (the form browsers send), clamped to the object; null means the whole object. */
export function parseRange(
  header: string | null,
  size: number,
): { start: number; end: number } | null | 'unsatisfiable' {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m) return null;
  const [, from, to] = m;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Math.min(Number(to), size);
    return suffix === 0 ? 'unsatisfiable' : { start: size - suffix, end: size - 1 };
  }
  const start = Number(from);
  if (start >= size) return 'unsatisfiable';
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  return end < start ? 'unsatisfiable' : { start, end };
}
