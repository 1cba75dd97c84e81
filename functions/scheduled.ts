import { pruneSignInAttempts } from './auth/sign-in-log';
import { systemActor } from './auth/system-actor';
import { mergeSearchIndex } from './db/search-index';
import type { Bindings } from './env';
import { runDueFollowUps } from './follow-ups';
import { createDeps, prepareClock } from './platform/create-deps';
import { tellEndingCampaigns } from './services/backing';
import { completeEndedCampaigns } from './services/campaigns';
import { indexCoinEvents, noticeReleasableCoins } from './services/coins';
import { closeExpiredVotes, releaseCompletedCampaigns } from './services/milestones';
import { runPayoutJobs } from './services/payouts';
import { finishRefunds } from './services/refunds';
import { cleanupAbandonedUploads } from './services/uploads';

const JOB = systemActor('scheduled');

/**
 * The worker's periodic jobs, run by the cron trigger in wrangler.toml. Each job is safe to repeat.
 * Background work the jobs start (TEST mode's event deliveries) is awaited before the run ends.
 */
export async function runScheduled(_controller: Pick<ScheduledController, 'cron'>, env: Bindings) {
  const pending: Promise<unknown>[] = [];
  const deps = createDeps(env, {
    schedule: (work) =>
      void pending.push(work.catch((err) => console.error('scheduled: background work failed:', err))),
  });
  await prepareClock(deps);
  // Work changes owed and did not finish (a failed Stripe call, a worker stopped after commit) runs again.
  const followUps = await runDueFollowUps(deps, JOB);
  if (followUps.done || followUps.failed) console.log('scheduled: follow-ups', followUps);
  const uploads = await cleanupAbandonedUploads(deps, JOB);
  if (uploads.aborted || uploads.failed) console.log('scheduled: abandoned uploads', uploads);
  // Votes open 7 days close first: a vote open at a campaign's end finishes before it completes.
  const votes = await closeExpiredVotes(deps, JOB);
  if (votes.length) console.log('scheduled: expired votes closed', votes);
  // Live campaigns past their end complete (money already stopped at the exact end: docs/end-dates.md).
  const ended = await completeEndedCampaigns(deps, JOB);
  if (ended.length) console.log('scheduled: ended campaigns completed', ended);
  // Followers hear 48 hours before a live campaign's end, once per end date (docs/backing.md, "Following").
  const ending = await tellEndingCampaigns(deps, JOB).catch((err) => {
    console.error('scheduled: telling followers of ending campaigns failed (next hour retries):', err);
    return [];
  });
  if (ending.length) console.log('scheduled: followers told campaigns end soon', ending);
  // Completed campaigns whose closing release did not commit; their payouts go out with the payouts job.
  const closings = await releaseCompletedCampaigns(deps, JOB);
  if (closings.length) console.log('scheduled: completed campaigns released', closings);
  // A Stripe outage is logged, not thrown: the next hour retries.
  const payouts = await runPayoutJobs(deps, JOB).catch((err) => {
    console.error('scheduled: payouts failed:', err);
    return null;
  });
  if (payouts && (payouts.completed || payouts.failed || payouts.resolved)) console.log('scheduled: payouts', payouts);
  const refunds = await finishRefunds(deps, JOB).catch((err) => {
    console.error('scheduled: finishing refunds failed (next hour retries):', err);
    return null;
  });
  if (refunds && (refunds.claimed || refunds.refundedAtStripe || refunds.notified))
    console.log('scheduled: refunds', refunds);
  // Members whose coins passed a vesting cliff on the chain are told once; a chain that fails waits for the next hour.
  const coinNotices = await noticeReleasableCoins(deps, JOB).catch((err) => {
    console.error('scheduled: coin notices failed:', err);
    return null;
  });
  if (coinNotices?.notified) console.log('scheduled: coin notices', coinNotices);
  // Search's index merged back toward one segment, a bounded amount per hour (docs/performance.md, "Search").
  const searchIndex = await mergeSearchIndex(deps.db).catch((err) => {
    console.error('scheduled: merging the search index failed (next hour retries):', err);
    return null;
  });
  if (searchIndex?.calls) console.log('scheduled: search index merged', searchIndex);
  // Sign-in history older than its 90 days goes (docs/admin-tools.md, "Sign-in activity").
  const signInsPruned = await pruneSignInAttempts(deps.db, deps.clock.now()).catch((err) => {
    console.error('scheduled: pruning sign-in attempts failed:', err);
    return 0;
  });
  if (signInsPruned) console.log('scheduled: sign-in attempts pruned', signInsPruned);
  // Our coin contracts' events into the database (docs/coins.md, "The index"); a chain that fails waits for the next hour.
  const coinIndex = await indexCoinEvents(deps, JOB).catch((err) => {
    console.error('scheduled: coin index failed:', err);
    return null;
  });
  if (coinIndex?.events) console.log('scheduled: coin events indexed', coinIndex);
  while (pending.length) await Promise.all(pending.splice(0));
  return { followUps, uploads, votes, ended, ending, closings, payouts, refunds, coinNotices, searchIndex, coinIndex };
}
