import { sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import type { Deps } from '../../platform/deps';

export interface HealthReport {
  status: 'ok' | 'degraded';
  database: 'ok' | 'error';
  time: string;
}

/** Health: the database answers a query. */
export async function checkHealth({ db }: Pick<Deps, 'db'>, actor: Actor): Promise<HealthReport> {
  authorize(actor, 'health.read');
  let database: HealthReport['database'] = 'ok';
  try {
    await db.get(sql`select 1 as one`);
  } catch (err) {
    console.error('health: database check failed', err);
    database = 'error';
  }
  return { status: database === 'ok' ? 'ok' : 'degraded', database, time: new Date().toISOString() };
}
