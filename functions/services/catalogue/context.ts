import type { Db } from '../../db/client';
import { catalogueCache } from './cache';
import type { CatalogueContext } from './cards';

/** The catalogue context for a request or script: its database and the KV-backed cache (none without KV). */
export const catalogueContext = (db: Db, kv: KVNamespace | undefined): CatalogueContext => ({
  db,
  cache: catalogueCache(kv),
});
