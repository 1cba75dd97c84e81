import { getDb } from './db/client';
import type { Bindings } from './env';
import { finishRefundsJob } from './services/refunds/scheduled';
import { cleanupAbandonedUploads } from './services/uploads/cleanup';

/** The worker's periodic jobs, run by the cron trigger in wrangler.toml. Each job is safe to repeat. */
export async function runScheduled(_controller: Pick<ScheduledController, 'cron'>, env: Bindings) {
  const uploads = await cleanupAbandonedUploads(getDb(env), env.MEDIA);
  if (uploads.aborted || uploads.failed) console.log('scheduled: abandoned uploads', uploads);
  const refunds = await finishRefundsJob(env).catch((err) => {
    console.error('scheduled: finishing refunds failed (next hour retries):', err);
    return null;
  });
  if (refunds && (refunds.claimed || refunds.refundedAtStripe || refunds.notified))
    console.log('scheduled: refunds', refunds);
  return { uploads, refunds };
}
