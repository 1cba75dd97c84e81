import type { Db } from '../db/client';
import type { Doorbell } from '../realtime/doorbell';

/** What every service verb is given: the database and the doorbell for live pushes. */
export interface ServiceContext {
  db: Db;
  bell: Doorbell;
}
