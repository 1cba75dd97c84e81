import { getDb } from '../../db/client';
import { type Bindings, getConfig } from '../../env';
import { paymentsFor } from '../../payments/stripe';
import { durableObjectDoorbell, silentDoorbell } from '../../realtime/doorbell';
import { createMailer } from '../mail/mailer';
import { finishRefunds } from './cancelled';

/** The hourly job's refund step, with its background work (TEST mode's event deliveries) awaited. */
export async function finishRefundsJob(env: Bindings) {
  const pending: Promise<unknown>[] = [];
  const schedule = (work: Promise<unknown>) => void pending.push(work.catch((err) => console.error(err)));
  const result = await finishRefunds({
    db: getDb(env),
    bell: env.USER_CHANNEL ? durableObjectDoorbell(env.USER_CHANNEL) : silentDoorbell,
    stripe: () => paymentsFor(env, schedule).stripe,
    mailer: createMailer(getConfig(env), env),
  });
  while (pending.length) await Promise.all(pending.splice(0));
  return result;
}
