import type { Viewer } from '../auth/viewer';
import type { Bindings } from '../env';
import type { Services } from '../platform/services';

export interface AppVariables {
  requestId: string;
  /** Built once per request by the service factory (functions/platform/services.ts). */
  services: Services;
  /** Resolved once per request on first use (see http/session.ts). */
  viewerPromise?: Promise<Viewer | null>;
}

export type AppEnv = { Bindings: Bindings; Variables: AppVariables };
