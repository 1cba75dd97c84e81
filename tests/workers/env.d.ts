import type { D1Migration } from '@cloudflare/vitest-plugin';
import type { Bindings } from '../../functions/env';

declare global {
  namespace Cloudflare {
    interface Env extends Bindings {
      TEST_MIGRATIONS: D1Migration[];
      /** The fuzz project's seed and request count (empty: a fresh seed, the default count). */
      FUZZ_SEED?: string;
      FUZZ_REQUESTS?: string;
      FUZZ_LANES?: string;
    }
  }
}
