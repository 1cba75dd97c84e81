/** What a short code may look like (ours are 7 base62 characters; older ones may be longer). */
export const SHORT_CODE = /^[A-Za-z0-9_-]{1,64}$/;

export const SHORT_LINK_KV_PREFIX = 'short:';

/**
 * The same-site path a stored address leads to, or null. A relative path or an absolute URL on
 * the site's own origin is followed; another host, a protocol-relative `//host` or anything that
 * would resolve elsewhere is not (no open redirect).
 */
export function sameSiteTarget(original: string, publicUrl: string): string | null {
  const site = new URL(publicUrl);
  let url: URL;
  try {
    url = new URL(original.trim(), site);
  } catch {
    return null;
  }
  if (url.origin !== site.origin || url.username || url.password) return null;
  // `https://site//evil.example` has the path `//evil.example`, which a browser would read as a host.
  if (url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
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
