import { systemActor } from '../auth/system-actor';
import type { Deps } from '../platform/deps';

/** The seed acts as the platform where no person would (demo accounts, Stripe's events). */
export const SEED = systemActor('seed');

export type SeedLog = (message: string) => void;

/**
 * One feature's demo data, written through the app's own verbs (the factory's, over the same
 * persisted state `wrangler dev` serves). Runs once per database.
 */
export interface SeedModule {
  name: string;
  run(deps: Deps, log: SeedLog): Promise<void>;
}
