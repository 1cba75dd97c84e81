import { catalogueCache } from '../catalogue/cache';

export { CATALOGUE_VERSION_KEY } from '../catalogue/cache';

/**
 * Makes every cached catalogue page stale at once (the catalogue cache keys its entries by this
 * version). Called after a change that alters what the catalogue shows: an approval, an edit of an
 * approved film, a film taken out.
 */
export async function bumpCatalogueVersion(kv: KVNamespace): Promise<void> {
  await catalogueCache(kv).bump();
}
