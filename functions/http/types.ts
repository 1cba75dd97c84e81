import type { Viewer } from '../auth/viewer';
import type { Bindings } from '../env';
import type { Deps } from '../platform/deps';

export interface AppVariables {
  requestId: string;
  /** Built once per request by the one factory (functions/platform/create-deps.ts). */
  deps: Deps;
  /** Resolved once per request on first use (see http/session.ts). */
  viewerPromise?: Promise<Viewer | null>;
}

export type AppEnv = { Bindings: Bindings; Variables: AppVariables };
