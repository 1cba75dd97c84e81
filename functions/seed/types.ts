import type { Services } from '../platform/services';

export type SeedLog = (message: string) => void;

/**
 * One feature's demo data, written through the app's own services (the factory's, over the same
 * persisted state `wrangler dev` serves). Runs once per database.
 */
export interface SeedModule {
  name: string;
  run(services: Services, log: SeedLog): Promise<void>;
}
