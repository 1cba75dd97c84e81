/**
 * The content pages' read cache (docs/content.md): like the catalogue's (catalogue-cache.ts) but
 * under a version key of its own, so a published page does not flush every film. Readers look the
 * version up with KV's edge cache of 60 s, then the rendered page of that version; a publish or
 * restore writes a new version (follow-up `content-bump`). Locally the next request sees it; in
 * production every location within about 60 s.
 */
export const CONTENT_VERSION_KEY = 'content:version';
const ENTRY_TTL_S = 24 * 60 * 60;

export async function readContentCache<T>(kv: KVNamespace | null, key: string, load: () => Promise<T>): Promise<T> {
  if (!kv) return load();
  const version = (await kv.get(CONTENT_VERSION_KEY).catch(() => null)) ?? '0';
  const entryKey = `content:${version}:${key}`;
  const hit = await kv.get<{ v: T }>(entryKey, 'json').catch(() => null);
  if (hit) return hit.v;
  const value = await load();
  // A failed write costs a later database read, never a wrong answer.
  await kv.put(entryKey, JSON.stringify({ v: value }), { expirationTtl: ENTRY_TTL_S }).catch(() => {});
  return value;
}

/** Starts a new version: every page is read afresh. */
export async function bumpContentCache(kv: KVNamespace | null): Promise<void> {
  await kv?.put(CONTENT_VERSION_KEY, `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`);
}
