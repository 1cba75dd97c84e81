// Seeds the local database once (each feature's module runs once; a second run changes nothing).
import { runSeeds } from '../functions/seed';
import { argValue, openPlatform } from './lib/platform';

const platform = await openPlatform(argValue('--persist-to'));
try {
  const ran = await runSeeds(platform.deps, (m) => console.log(`  ${m}`));
  console.log(ran.length ? `  seeded: ${ran.join(', ')}` : '  seed: nothing to do (already seeded)');
} finally {
  await platform.dispose();
}
