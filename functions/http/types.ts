import type { Db } from '../db/client';
import type { Bindings, Config } from '../env';

export interface AppVariables {
  requestId: string;
  config: Config;
  db: Db;
}

export type AppEnv = { Bindings: Bindings; Variables: AppVariables };
