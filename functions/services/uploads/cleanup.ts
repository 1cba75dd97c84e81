import { and, asc, eq, lt } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { uploads } from '../../db/schema';
import { type Deps, mediaOf } from '../../platform/deps';
import { ABANDONED_AFTER_MS } from './internal/abandoned';
import { abortRow } from './internal/abort-row';

const BATCH = 50;

/**
 * Aborts abandoned uploads (R2 drops their parts) and marks them aborted. Run by the worker's cron
 * trigger; safe to run at any time and in parallel (each row is aborted by a conditional update).
 */
export async function cleanupAbandonedUploads(deps: Pick<Deps, 'db' | 'media' | 'clock' | 'followUps'>, actor: Actor) {
  const system = authorize(actor, 'upload.cleanup');
  const { db } = deps;
  const bucket = mediaOf(deps);
  const cutoff = new Date(deps.clock.now().getTime() - ABANDONED_AFTER_MS);
  let aborted = 0;
  let failed = 0;
  for (;;) {
    const stale = await db
      .select()
      .from(uploads)
      .where(and(eq(uploads.status, 'uploading'), lt(uploads.updatedAt, cutoff)))
      .orderBy(asc(uploads.updatedAt))
      .limit(BATCH);
    for (const row of stale) {
      try {
        if (await abortRow(deps, system, bucket, row)) aborted++;
      } catch (err) {
        failed++;
        console.error(`cleanup: could not abort upload ${row.id}:`, err);
      }
    }
    // A failing row stays 'uploading'; stop rather than read it again forever.
    if (stale.length < BATCH || failed > 0) break;
  }
  return { aborted, failed };
}
