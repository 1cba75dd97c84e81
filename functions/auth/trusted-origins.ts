const LOOPBACK_TWINS: Record<string, string> = { localhost: '127.0.0.1', '127.0.0.1': 'localhost' };

/**
 * The origins a browser may send sign-in and form posts from: the public URL, and locally also its
 * loopback twin (http://localhost:4321 and http://127.0.0.1:4321 are the same server on a laptop).
 */
export function trustedOrigins(config: { PUBLIC_URL: string; isLocal: boolean }): string[] {
  const url = new URL(config.PUBLIC_URL);
  const origins = [url.origin];
  const twin = LOOPBACK_TWINS[url.hostname];
  if (config.isLocal && twin) {
    url.hostname = twin;
    origins.push(url.origin);
  }
  return origins;
}
