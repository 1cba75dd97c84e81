/** Control characters (a browser drops tabs and newlines from a URL) and backslashes (read as `/`). */
const unsafe = (raw: string) => {
  for (let i = 0; i < raw.length; i++) {
    const code = raw.charCodeAt(i);
    if (code < 0x20 || code === 0x7f || code === 0x5c) return true;
  }
  return false;
};

/**
 * The same-site path (`/path?query#hash`) that `raw` leads to when resolved against `origin`, or
 * null for anything that could lead elsewhere: another origin, `//host`, user info, and any control
 * character or backslash (`/\t/evil.example` is `//evil.example` once a browser strips the tab).
 * Shared by the server and the browser (no runtime imports).
 */
export function sameSitePath(raw: string, origin: string): string | null {
  if (unsafe(raw)) return null;
  let site: URL;
  let url: URL;
  try {
    site = new URL(origin);
    url = new URL(raw, site);
  } catch {
    return null;
  }
  if (url.origin !== site.origin || url.username || url.password) return null;
  if (url.pathname.startsWith('//')) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
