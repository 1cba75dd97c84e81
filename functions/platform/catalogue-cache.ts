/**
 * The catalogue's read cache: KV entries under a version key that every film change replaces.
 * Readers look the version up (KV caches it at the edge for about 60 s), then the entry for that
 * version; a change writes a new version, so every location sees fresh data within ~60 s without a
 * purge (the Cache API purges one data centre only and does not work on *.workers.dev). Entries of
 * old versions simply expire. Only public catalogue data goes here — never anything personal.
 */
export const CATALOGUE_VERSION_KEY = 'catalogue:version';
/**
 * A part of the catalogue's cache with a version of its own besides the catalogue's: a change that
 * only it shows (a campaign launched or paused) bumps it alone, a film change still bumps it with
 * everything else. 'campaign-list': /campaigns' pages and home's row (docs/campaigns.md, "Caching").
 */
export type CacheScope = 'campaign-list';
const scopeVersionKey = (scope: CacheScope) => `catalogue:${scope}:version`;
/** How long an entry of one version lives; a version normally changes long before. */
export const CATALOGUE_ENTRY_TTL_S = 24 * 60 * 60;

export interface ReadOptions<T> {
  /** Seconds an entry lives (KV's minimum is 60); defaults to CATALOGUE_ENTRY_TTL_S. */
  ttl?: number;
  /** Whether to store what the loader returned (e.g. not a miss, so a film created later shows). */
  keep?: (value: T) => boolean;
  /** The entry also belongs to this scope: a bump of the scope makes it stale too. */
  scope?: CacheScope;
}

export interface CatalogueCache {
  /** The cached value of `key` for the current version, or the loader's result (then stored). */
  read<T>(key: string, load: () => Promise<T>, options?: ReadOptions<T>): Promise<T>;
  /** Makes every cached entry stale (or, given a scope, the scope's): the next read of each loads it afresh. */
  bump(scope?: CacheScope): Promise<void>;
  /** Drops one key's entry of the current version (other locations may keep theirs for KV's ~60 s). */
  forget(key: string): Promise<void>;
}

const newVersion = () => `${Date.now().toString(36)}-${crypto.randomUUID().slice(0, 8)}`;

export function catalogueCache(kv: KVNamespace | undefined): CatalogueCache {
  // Without KV (the libSQL parity tests, a Node script) every read goes to the database.
  if (!kv) return { read: (_key, load) => load(), bump: async () => {}, forget: async () => {} };
  return {
    async read<T>(key: string, load: () => Promise<T>, options: ReadOptions<T> = {}): Promise<T> {
      const [version, scoped] = await Promise.all([
        kv.get(CATALOGUE_VERSION_KEY),
        options.scope ? kv.get(scopeVersionKey(options.scope)) : null,
      ]);
      const entryKey = options.scope
        ? `catalogue:${version ?? '0'}:${options.scope}:${scoped ?? '0'}:${key}`
        : `catalogue:${version ?? '0'}:${key}`;
      const hit = await kv.get<{ v: T }>(entryKey, 'json');
      if (hit) return hit.v;
      const value = await load();
      if (options.keep && !options.keep(value)) return value;
      // A failed write costs a later database read, never a wrong answer.
      const expirationTtl = Math.max(60, options.ttl ?? CATALOGUE_ENTRY_TTL_S);
      await kv.put(entryKey, JSON.stringify({ v: value }), { expirationTtl }).catch(() => {});
      return value;
    },
    async bump(scope?: CacheScope) {
      await kv.put(scope ? scopeVersionKey(scope) : CATALOGUE_VERSION_KEY, newVersion());
    },
    async forget(key: string) {
      const version = (await kv.get(CATALOGUE_VERSION_KEY)) ?? '0';
      await kv.delete(`catalogue:${version}:${key}`);
    },
  };
}
