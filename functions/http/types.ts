import type { Auth } from '../auth';
import type { Viewer } from '../auth/viewer';
import type { Db } from '../db/client';
import type { Bindings, Config } from '../env';
import type { ServiceContext } from '../services/context';

export interface AppVariables {
  requestId: string;
  config: Config;
  db: Db;
  auth: Auth;
  services: ServiceContext;
  /** Resolved once per request on first use (see http/session.ts). */
  viewerPromise?: Promise<Viewer | null>;
}

export type AppEnv = { Bindings: Bindings; Variables: AppVariables };
