import { and, eq, isNull, sql } from 'drizzle-orm';
import type Stripe from 'stripe';
import { type Actor, authorize } from '../../auth/authorize';
import { type StripeEventSource, stripeEvents } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import type { Deps } from '../../platform/deps';
import type { EventHandler } from '../payments';
import { isStaleCredit } from '../payments';
import { fitsHandler } from './internal/event-shapes';
import { HANDLERS } from './internal/handlers';

/** One line for the audit: the event's type, its object and the amount it names, if any. */
function eventSummary(event: Stripe.Event): string {
  const object = event.data.object as { id?: string; amount?: number; amount_total?: number; currency?: string };
  const cents = object.amount_total ?? object.amount;
  const amount =
    typeof cents === 'number' ? ` ${(cents / 100).toFixed(2)} ${(object.currency ?? '').toUpperCase()}` : '';
  return `${event.type} ${object.id ?? ''}${amount}`.trim();
}

/** How often a handler runs again when its batch lost to a concurrent change of the campaign. */
const STALE_RETRIES = 5;

export interface Receipt {
  /** The event had been processed before: nothing was done. */
  duplicate: boolean;
  /** A handler exists for this type (others are recorded only). */
  handled: boolean;
}

/**
 * Takes one verified Stripe event: records its id once, then runs its handler's statements and
 * marks it processed in one batch. A handler that throws leaves the event unprocessed, so the
 * endpoint answers 500 and Stripe's retry runs it again; handlers are idempotent, so two
 * concurrent deliveries of one event do no more than one.
 */
export async function receiveStripeEvent(
  deps: Deps,
  actor: Actor,
  event: Stripe.Event,
  source: StripeEventSource,
): Promise<Receipt> {
  const system = authorize(actor, 'stripe-event.receive');
  const { db } = deps;
  const inserted = await db
    .insert(stripeEvents)
    .values({
      id: event.id,
      type: event.type,
      source,
      accountId: event.account ?? null,
      livemode: event.livemode,
      stripeCreated: event.created,
    })
    .onConflictDoNothing({ target: stripeEvents.id })
    .returning({ id: stripeEvents.id });
  if (inserted.length === 0) {
    const seen = await db
      .select({ processedAt: stripeEvents.processedAt })
      .from(stripeEvents)
      .where(eq(stripeEvents.id, event.id))
      .get();
    if (seen?.processedAt) return { duplicate: true, handled: false };
  }
  let handler = HANDLERS[source][event.type] as EventHandler<typeof event.type> | undefined;
  if (handler && !fitsHandler(source, event.type, event.data.object)) {
    console.warn(`stripe: ${event.type} ${event.id} has an object of another shape; recorded without effect`);
    handler = undefined;
  }
  // A credit read the campaign before its batch; if the campaign changed in between (paused, a
  // milestone's vote opened or closed), the batch rolls back and the handler decides again.
  for (let attempt = 0; ; attempt++) {
    const uow = new UnitOfWork(deps, system);
    const effects = handler ? await handler(deps, event as never, uow, system) : [];
    uow.add(...effects);
    // Money moves only through handled events: each is audited once, by the batch that processes it.
    if (handler)
      uow.audit({
        verb: 'receiveStripeEvent',
        resourceType: 'stripe-event',
        resourceId: event.id,
        summary: eventSummary(event),
        // Once per event, however many deliveries race: batches are serialized.
        when: sql`not exists (select 1 from audit_log a where a.resource_type = 'stripe-event' and a.resource_id = ${event.id})`,
      });
    uow.add(
      db
        .update(stripeEvents)
        .set({ processedAt: new Date() })
        .where(and(eq(stripeEvents.id, event.id), isNull(stripeEvents.processedAt))),
    );
    try {
      await uow.commit();
      break;
    } catch (err) {
      if (attempt < STALE_RETRIES && isStaleCredit(err)) continue;
      throw err;
    }
  }
  return { duplicate: false, handled: Boolean(handler) };
}
