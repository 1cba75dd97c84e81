import { systemActor } from '../auth/system-actor';
import type { Services } from '../platform/services';

/** The seed acts as the platform where no person would (demo accounts, Stripe's events). */
export const SEED = systemActor('seed');

export type SeedLog = (message: string) => void;

/**
 * One feature's demo data, written through the app's own services (the factory's, over the same
 * persisted state `wrangler dev` serves). Runs once per database.
 */
export interface SeedModule {
  name: string;
  run(services: Services, log: SeedLog): Promise<void>;
}
