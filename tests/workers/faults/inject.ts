import { drizzle } from 'drizzle-orm/d1';
import Stripe from 'stripe';
import type { Db } from '../../../functions/db/client';
import * as schema from '../../../functions/db/schema';
import { testModeFetch } from '../../../functions/payments/test-mode/responder';
import { env } from '../worker-call';

/** The error a fault plan throws: never a product error, so a verb that swallows it is visible. */
export class InjectedFault extends Error {
  constructor(where: string, k: number) {
    super(`injected fault: ${where} call ${k} failed`);
    this.name = 'InjectedFault';
  }
}

export const isInjected = (err: unknown): boolean => {
  let e: unknown = err;
  for (let i = 0; e && i < 6; i++) {
    if (e instanceof InjectedFault || (e as { name?: unknown }).name === 'InjectedFault') return true;
    if (/injected fault/.test(String((e as { message?: unknown }).message ?? ''))) return true;
    e = (e as { cause?: unknown }).cause;
  }
  return false;
};

/**
 * Counts the calls that reach one outside party and fails the k-th (k null: none fail). `before`:
 * the call never arrives (nothing written); `after`: it ran, but its answer is lost on the way back.
 */
export class FaultPlan {
  calls = 0;
  fired = false;
  constructor(
    readonly where: 'db' | 'stripe',
    readonly k: number | null,
    readonly mode: 'before' | 'after' = 'before',
  ) {}

  async pass<T>(call: () => Promise<T>): Promise<T> {
    this.calls++;
    if (this.calls !== this.k) return call();
    this.fired = true;
    if (this.mode === 'after') await call();
    throw new InjectedFault(this.where, this.calls);
  }
}

const realStatements = new WeakMap<object, D1PreparedStatement>();

/** A bound or unbound statement whose run/all/raw/first go through the plan. */
function plannedStatement(real: D1PreparedStatement, plan: FaultPlan): D1PreparedStatement {
  const wrapped: D1PreparedStatement = {
    bind: (...values: unknown[]) => plannedStatement(real.bind(...values), plan),
    run: () => plan.pass(() => real.run()),
    all: () => plan.pass(() => real.all()),
    first: ((column?: string) =>
      plan.pass(() => (column ? real.first(column) : real.first()))) as D1PreparedStatement['first'],
    raw: ((options?: { columnNames?: boolean }) =>
      plan.pass(() => real.raw(options as { columnNames: true }))) as D1PreparedStatement['raw'],
  } as D1PreparedStatement;
  realStatements.set(wrapped, real);
  return wrapped;
}

/**
 * The test's D1 with every call that reaches the database (a statement's run/all/raw/first, and
 * one `batch`) counted by `plan`; drizzle over it is what `deps.db` becomes. Counting at the
 * binding counts exactly the round trips, whichever builder, relational query or batch made them.
 */
export function plannedD1(plan: FaultPlan, real: D1Database = env.DB): D1Database {
  return {
    prepare: (query: string) => plannedStatement(real.prepare(query), plan),
    batch: (statements: D1PreparedStatement[]) =>
      plan.pass(() =>
        real.batch(
          statements.map((s) => {
            const r = realStatements.get(s);
            if (!r) throw new Error('a statement not made by this database was batched');
            return r;
          }),
        ),
      ),
    exec: (query: string) => plan.pass(() => real.exec(query)),
    dump: () => real.dump(),
    withSession: () => {
      throw new Error('sessions are not used by the verbs under test');
    },
  } as unknown as D1Database;
}

export const plannedDb = (plan: FaultPlan): Db => drizzle(plannedD1(plan), { schema });

/** The SDK over TEST mode's responder (the same wire answers as deps.stripe), with requests counted by `plan`. */
export function plannedStripe(plan: FaultPlan, fake: Parameters<typeof testModeFetch>[0]): Stripe {
  const answer = testModeFetch(fake);
  return new Stripe('sk_test_reelfund_faults', {
    httpClient: Stripe.createFetchHttpClient((input, init) =>
      // A connection that drops: the SDK sees a network error, as when api.stripe.com is unreachable.
      plan.pass(() => answer(input as RequestInfo, init)),
    ),
    maxNetworkRetries: 0,
  });
}
