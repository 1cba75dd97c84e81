import type { Db } from '../db/client';
import type { Bindings } from '../env';

export interface SeedContext {
  db: Db;
  /** The platform proxy's bindings (D1, KV, R2) — the same persisted state `wrangler dev` serves. */
  env: Bindings;
  log: (message: string) => void;
}

/** One feature's demo data, written through the app's own services. Runs once per database. */
export interface SeedModule {
  name: string;
  run(ctx: SeedContext): Promise<void>;
}
