import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { campaigns, followUps } from '../../../functions/db/schema';
import { runDueFollowUps } from '../../../functions/follow-ups';
import { listOutbox } from '../../../functions/platform/outbox';
import { completeEndedCampaign } from '../../../functions/services/campaigns';
import { TEST_SYSTEM } from '../../support/actors';
import { makeCampaign } from '../campaign-factories';
import {
  db,
  deliver,
  holdAtStripe,
  recordCheckout,
  registerMoneyTestHooks,
  sessionCompleted,
  testPayment,
} from '../stripe-support';
import { env, testDeps } from '../worker-call';

/**
 * A follow-up whose first run fails stays owed, with its attempts and last error, and the hourly
 * job's pass runs it again once its backoff is over: it takes effect once, however often the job runs.
 */
registerMoneyTestHooks();

const GUEST = `guest-${crypto.randomUUID().slice(0, 8)}@example.test`;
const later = (ms: number) => testDeps({ clock: { now: () => new Date(Date.now() + ms) } });
/** Mails to the guest other than the payment's own receipt (sent when the payment is credited). */
const mailsTo = async () =>
  (await listOutbox(env.KV, { to: GUEST, limit: 50 })).filter((m) => !m.subject.startsWith('Your payment to')).length;

describe('a follow-up that fails', () => {
  it('is kept with its error, run again by the job after its backoff, and takes effect once', async () => {
    // A live campaign past its end, backed by a guest: completing it owes the guest an email.
    const c = await makeCampaign({ status: 'live' });
    const p = testPayment(2500, c.id);
    await holdAtStripe(p);
    await recordCheckout(p, { guestEmail: GUEST });
    expect((await deliver(sessionCompleted(p))).status).toBe(200);
    await db().update(campaigns).set({ endDate: '2020-01-01' }).where(eq(campaigns.id, c.id));

    const refusing = testDeps({
      mailer: {
        send: async () => {
          throw new Error('Mail API answered 503: busy');
        },
      },
    });
    expect(await completeEndedCampaign(refusing, TEST_SYSTEM, c.id)).toBe(true);
    const row = () =>
      db()
        .select()
        .from(followUps)
        .where(eq(followUps.key, `told:ended:${c.id}:${GUEST}`))
        .get();
    expect(await row()).toMatchObject({
      name: 'mail',
      attempts: 1,
      doneAt: null,
      lastError: 'Mail API answered 503: busy',
    });
    expect(await mailsTo()).toBe(0);

    // The job's pass before the backoff is over leaves it; after, it sends the mail once.
    await runDueFollowUps(testDeps(), TEST_SYSTEM);
    expect(await row()).toMatchObject({ attempts: 1, doneAt: null });
    const outcome = await runDueFollowUps(later(5 * 60_000), TEST_SYSTEM);
    expect(outcome.done).toBeGreaterThanOrEqual(1);
    expect(await row()).toMatchObject({ attempts: 2, lastError: null });
    expect((await row())?.doneAt).toBeInstanceOf(Date);
    expect(await mailsTo()).toBe(1);

    // Done is done: later passes send nothing again.
    await runDueFollowUps(later(86_400_000), TEST_SYSTEM);
    expect(await mailsTo()).toBe(1);
    expect((await row())?.attempts).toBe(2);
  });
});
