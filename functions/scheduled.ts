import type { Bindings } from './env';
import { createServices, prepareClock, type Services } from './platform/services';
import { completedCampaignsWithEscrow, releaseCompletedCampaign } from './services/milestones/closing-release';
import { runPayoutJobs } from './services/payouts/refresh';
import { finishRefunds } from './services/refunds/cancelled';
import { cleanupAbandonedUploads } from './services/uploads/cleanup';

/**
 * The worker's periodic jobs, run by the cron trigger in wrangler.toml. Each job is safe to repeat.
 * Background work the jobs start (TEST mode's event deliveries) is awaited before the run ends.
 */
export async function runScheduled(_controller: Pick<ScheduledController, 'cron'>, env: Bindings) {
  const pending: Promise<unknown>[] = [];
  const services = createServices(env, {
    schedule: (work) =>
      void pending.push(work.catch((err) => console.error('scheduled: background work failed:', err))),
  });
  await prepareClock(services);
  const uploads = await cleanupAbandonedUploads(services);
  if (uploads.aborted || uploads.failed) console.log('scheduled: abandoned uploads', uploads);
  const closings = await releaseCompletedCampaigns(services);
  if (closings.length) console.log('scheduled: completed campaigns released', closings);
  const payouts = await hourlyPayouts(services);
  if (payouts && (payouts.completed || payouts.failed || payouts.resolved)) console.log('scheduled: payouts', payouts);
  const refunds = await finishRefunds(services).catch((err) => {
    console.error('scheduled: finishing refunds failed (next hour retries):', err);
    return null;
  });
  if (refunds && (refunds.claimed || refunds.refundedAtStripe || refunds.notified))
    console.log('scheduled: refunds', refunds);
  while (pending.length) await Promise.all(pending.splice(0));
  return { uploads, closings, payouts, refunds };
}

/**
 * Completed campaigns whose closing release did not commit (the worker stopped after the status
 * change): released now; their payouts are paid by the payouts job that follows.
 */
async function releaseCompletedCampaigns(services: Services) {
  const released = [];
  for (const id of await completedCampaignsWithEscrow(services)) {
    try {
      const r = await releaseCompletedCampaign(services, id);
      if (r) released.push({ campaignId: id, ...r });
    } catch (err) {
      console.error(`scheduled: releasing completed campaign ${id} failed (next hour retries):`, err);
    }
  }
  return released;
}

/** Retries failed payouts and pays waiting ones; a Stripe outage is logged, not thrown (the next hour retries). */
async function hourlyPayouts(services: Services) {
  try {
    return await runPayoutJobs(services);
  } catch (err) {
    console.error('scheduled: payouts failed:', err);
    return null;
  }
}
