/**
 * The catalogue cache's version: readers key their cached pages by it, so writing a new value makes
 * every cached catalogue page stale at once. Bumped after a change that alters what the catalogue
 * shows (an approval, an edit of an approved film, a film taken out).
 */
export const CATALOGUE_VERSION_KEY = 'catalogue:version';

export async function bumpCatalogueVersion(kv: KVNamespace): Promise<string> {
  const version = String(Date.now());
  await kv.put(CATALOGUE_VERSION_KEY, version);
  return version;
}
