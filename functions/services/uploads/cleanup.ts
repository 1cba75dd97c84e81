import { and, asc, eq, lt } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { uploads } from '../../db/schema';
import { mediaOf, type Services } from '../../platform/services';
import { ABANDONED_AFTER_MS } from './internal/abandoned';
import { abortRow } from './internal/abort-row';

const BATCH = 50;

/**
 * Aborts abandoned uploads (R2 drops their parts) and marks them aborted. Run by the worker's cron
 * trigger; safe to run at any time and in parallel (each row is aborted by a conditional update).
 */
export async function cleanupAbandonedUploads(
  services: Pick<Services, 'db' | 'media' | 'clock' | 'followUps'>,
  actor: Actor,
) {
  const system = authorize(actor, 'system');
  const { db } = services;
  const bucket = mediaOf(services);
  const cutoff = new Date(services.clock.now().getTime() - ABANDONED_AFTER_MS);
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
        if (await abortRow(services, system, bucket, row)) aborted++;
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
