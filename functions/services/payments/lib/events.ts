import type { BatchItem } from 'drizzle-orm/batch';
import type Stripe from 'stripe';
import type { SystemActor } from '../../../auth/authorize';
import type { UnitOfWork } from '../../../db/unit-of-work';
import type { Deps } from '../../../platform/deps';

type Statement = BatchItem<'sqlite'>;

/** How a webhook event's handler is called (services/payments/receive-event.ts): the event table's shape. */
export type EventOf<T extends Stripe.Event['type']> = Extract<Stripe.Event, { type: T }>;
/**
 * The event's change, for what follows its batch: best-effort rings (`afterCommit`) and owed work
 * (`owe`: paying payouts when an account becomes ready, expiring checkouts at a milestone).
 */
export type EventChange = Pick<UnitOfWork, 'afterCommit' | 'owe'>;
/**
 * One event type's handler: the statements for the event's batch. Stripe is made only when a
 * handler calls it (most events need only the database).
 */
export type EventHandler<T extends Stripe.Event['type']> = (
  deps: Deps,
  event: EventOf<T>,
  change: EventChange,
  actor: SystemActor,
) => Promise<Statement[]>;
