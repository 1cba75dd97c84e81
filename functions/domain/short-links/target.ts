import { sameSitePath } from '../same-site';

/** What a short code may look like (ours are 7 base62 characters; older ones may be longer). */
export const SHORT_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export const SHORT_LINK_KV_PREFIX = 'short:';

/**
 * The same-site path a stored address leads to, or null. A relative path or an absolute URL on
 * the site's own origin is followed; another host, a protocol-relative `//host`, control characters
 * or backslashes are not (no open redirect). A `redirect` it carries (read by /auth after sign-in)
 * must be a same-site path too.
 */
export function sameSiteTarget(original: string, publicUrl: string): string | null {
  const path = sameSitePath(original.trim(), publicUrl);
  if (path === null) return null;
  const next = new URL(path, publicUrl).searchParams.get('redirect');
  if (next !== null && sameSitePath(next, publicUrl) === null) return null;
  return path;
}

const BASE62 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random 7-character base62 code (about 3.5 × 10^12 possibilities; collisions are retried). */
export function newShortCode(length = 7): string {
  let out = '';
  while (out.length < length) {
    for (const byte of crypto.getRandomValues(new Uint8Array(length * 2))) {
      // 248 = 4 × 62: bytes above it would make some characters likelier than others.
      if (byte < 248 && out.length < length) out += BASE62[byte % 62];
    }
  }
  return out;
}
