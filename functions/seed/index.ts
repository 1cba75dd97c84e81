import { eq } from 'drizzle-orm';
import { seedRuns } from '../db/schema';
import type { Deps } from '../platform/deps';
import { applicationsSeed } from './applications';
import { campaignsSeed } from './campaigns';
import { catalogueSeed } from './catalogue';
import { coinsSeed } from './coins';
import { demoUsersSeed } from './demo-users';
import { followsSeed } from './follows';
import { marketplaceSeed } from './marketplace';
import { moneySeed } from './money';
import { projectsSeed } from './projects';
import { reportsSeed } from './reports';
import { siteSettingsSeed } from './site-settings';
import type { SeedLog, SeedModule } from './types';

/** Every feature's seed, in dependency order (films before campaigns: campaigns run on the creators' films). */
export const SEED_MODULES: SeedModule[] = [
  siteSettingsSeed,
  demoUsersSeed,
  catalogueSeed,
  campaignsSeed,
  moneySeed,
  followsSeed,
  coinsSeed,
  applicationsSeed,
  marketplaceSeed,
  reportsSeed,
  projectsSeed,
];

/** Runs each module that has not yet run on this database; a second run changes nothing. */
export async function runSeeds(deps: Deps, log: SeedLog, modules = SEED_MODULES): Promise<string[]> {
  const ran: string[] = [];
  for (const module of modules) {
    const done = await deps.db.select().from(seedRuns).where(eq(seedRuns.name, module.name)).get();
    if (done) continue;
    log(`seed: ${module.name}`);
    await module.run(deps, log);
    await deps.db.insert(seedRuns).values({ name: module.name }).onConflictDoNothing();
    ran.push(module.name);
  }
  return ran;
}
