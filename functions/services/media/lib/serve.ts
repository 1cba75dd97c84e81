import { parseRange } from '../../../domain/media/range';

export interface ServeOptions {
  cacheControl: string;
  contentType?: string | null;
}

/** Does the If-None-Match header name this entity tag (weak comparison, RFC 9110 13.1.2)? */
function matchesEtag(header: string | null, etag: string) {
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = (t: string) => t.trim().replace(/^W\//, '');
  return header.split(',').some((t) => bare(t) === bare(etag));
}

/** 416 in the API's one error shape, with the size in Content-Range (RFC 9110 15.5.17). */
export function rangeNotSatisfiable(size: number, headers = new Headers()) {
  headers.set('Content-Range', `bytes */${size}`);
  headers.set('Content-Type', 'application/json; charset=UTF-8');
  const body = { error: { code: 'range_not_satisfiable', message: 'The requested range is outside the file' } };
  return new Response(JSON.stringify(body), { status: 416, headers });
}

/**
 * An R2 object as an HTTP response with real range support: Accept-Ranges, 206 with Content-Range
 * for a single range (open-ended and suffix ones too), 416 with `bytes * /size` when unsatisfiable,
 * ETag and Last-Modified with 304 on a match, If-Range honoured. HEAD gets the headers only.
 */
export async function serveObject(bucket: R2Bucket, key: string, request: Request, options: ServeOptions) {
  const head = await bucket.head(key);
  if (!head) return null;
  const size = head.size;
  const headers = new Headers({
    'Accept-Ranges': 'bytes',
    'Cache-Control': options.cacheControl,
    ETag: head.httpEtag,
    'Last-Modified': head.uploaded.toUTCString(),
    'Content-Type': options.contentType ?? head.httpMetadata?.contentType ?? 'application/octet-stream',
    'X-Content-Type-Options': 'nosniff',
  });

  if (matchesEtag(request.headers.get('If-None-Match'), head.httpEtag)) {
    return new Response(null, { status: 304, headers });
  }

  // If-Range: a range only applies while the client's copy is still this one.
  const ifRange = request.headers.get('If-Range');
  const rangeHeader = ifRange && ifRange !== head.httpEtag ? null : request.headers.get('Range');
  const wanted = parseRange(rangeHeader, size);

  if (wanted.kind === 'unsatisfiable') {
    headers.delete('Content-Length');
    return rangeNotSatisfiable(size, headers);
  }
  const isHead = request.method === 'HEAD';
  if (wanted.kind === 'full') {
    headers.set('Content-Length', String(size));
    if (isHead) return new Response(null, { status: 200, headers });
    const object = await bucket.get(key);
    if (!object) return null;
    return new Response(object.body, { status: 200, headers });
  }
  const { start, end } = wanted.range;
  const length = end - start + 1;
  headers.set('Content-Range', `bytes ${start}-${end}/${size}`);
  headers.set('Content-Length', String(length));
  if (isHead) return new Response(null, { status: 206, headers });
  const object = await bucket.get(key, { range: { offset: start, length } });
  if (!object || !('body' in object)) return null;
  return new Response(object.body, { status: 206, headers });
}
