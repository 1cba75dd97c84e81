import { getDb } from './db/client';
import type { Bindings } from './env';
import { paymentsFor } from './payments/stripe';
import { durableObjectDoorbell, silentDoorbell } from './realtime/doorbell';
import { completedCampaignsWithEscrow, releaseCompletedCampaign } from './services/milestones/closing-release';
import { runPayoutJobs } from './services/payouts/refresh';
import { finishRefundsJob } from './services/refunds/scheduled';
import { cleanupAbandonedUploads } from './services/uploads/cleanup';

/** The worker's periodic jobs, run by the cron trigger in wrangler.toml. Each job is safe to repeat. */
export async function runScheduled(_controller: Pick<ScheduledController, 'cron'>, env: Bindings) {
  const uploads = await cleanupAbandonedUploads(getDb(env), env.MEDIA);
  if (uploads.aborted || uploads.failed) console.log('scheduled: abandoned uploads', uploads);
  const closings = await releaseCompletedCampaigns(env);
  if (closings.length) console.log('scheduled: completed campaigns released', closings);
  const payouts = await hourlyPayouts(env);
  if (payouts && (payouts.completed || payouts.failed || payouts.resolved)) console.log('scheduled: payouts', payouts);
  const refunds = await finishRefundsJob(env).catch((err) => {
    console.error('scheduled: finishing refunds failed (next hour retries):', err);
    return null;
  });
  if (refunds && (refunds.claimed || refunds.refundedAtStripe || refunds.notified))
    console.log('scheduled: refunds', refunds);
  return { uploads, closings, payouts, refunds };
}

/**
 * Completed campaigns whose closing release did not commit (the worker stopped after the status
 * change): released now; their payouts are paid by the payouts job that follows.
 */
async function releaseCompletedCampaigns(env: Bindings) {
  const db = getDb(env);
  const bell = env.USER_CHANNEL ? durableObjectDoorbell(env.USER_CHANNEL) : silentDoorbell;
  const released = [];
  for (const id of await completedCampaignsWithEscrow(db)) {
    try {
      const r = await releaseCompletedCampaign({ db, bell }, id);
      if (r) released.push({ campaignId: id, ...r });
    } catch (err) {
      console.error(`scheduled: releasing completed campaign ${id} failed (next hour retries):`, err);
    }
  }
  return released;
}

/** Retries failed payouts and pays waiting ones; a Stripe outage is logged, not thrown (the next hour retries). */
async function hourlyPayouts(env: Bindings) {
  try {
    return await runPayoutJobs({
      db: getDb(env),
      stripe: paymentsFor(env).stripe,
      bell: env.USER_CHANNEL ? durableObjectDoorbell(env.USER_CHANNEL) : silentDoorbell,
    });
  } catch (err) {
    console.error('scheduled: payouts failed:', err);
    return null;
  }
}
