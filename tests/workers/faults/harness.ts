import { eq, inArray, like, or, sql } from 'drizzle-orm';
import { expect } from 'vitest';
import {
  auditLog,
  campaignContributors,
  campaignExtensionVotes,
  campaignMilestones,
  campaignStatusHistory,
  campaigns,
  checkoutSessions,
  escrowClaims,
  escrowRefunds,
  followUps,
  ledgerEntries,
  ledgerGroups,
  notifications,
  partnershipAgreements,
  payouts,
  releasePortions,
  shareAgreementMembers,
  shareAgreements,
  stripeEvents,
  userRoles,
} from '../../../functions/db/schema';
import { DomainError } from '../../../functions/domain/errors';
import { runDueFollowUps } from '../../../functions/follow-ups';
import { STATUS } from '../../../functions/http/errors';
import { buildPayments } from '../../../functions/payments/stripe';
import type { Deps } from '../../../functions/platform/deps';
import type { Doorbell } from '../../../functions/realtime/doorbell';
import { TEST_SYSTEM } from '../../support/actors';
import { expectLedgerBalanced } from '../../support/ledger';
import { db } from '../stripe-support';
import { env, testDeps } from '../worker-call';
import { FaultPlan, isInjected, plannedDb, plannedStripe } from './inject';

export interface RunDeps {
  deps: Deps;
  db: FaultPlan;
  stripe: FaultPlan;
  /** Waits for the background work the run started (TEST mode's event deliveries to our webhooks). */
  settled(): Promise<void>;
}

/**
 * The deps of one run, from the one factory: the database and Stripe (TEST mode's responder at
 * the wire) behind fault plans, the doorbell as given (the real Durable Object one otherwise).
 */
export function runDeps(opts: { db?: FaultPlan; stripe?: FaultPlan; bell?: Doorbell } = {}): RunDeps {
  const pending: Promise<unknown>[] = [];
  const schedule = (work: Promise<unknown>) => void pending.push(work);
  const dbPlan = opts.db ?? new FaultPlan('db', null);
  const stripePlan = opts.stripe ?? new FaultPlan('stripe', null);
  const fake = buildPayments(testDeps().config, env.KV, schedule).testStripe;
  if (!fake) throw new Error('the workers project runs Stripe in TEST mode');
  const deps = testDeps({
    schedule,
    db: plannedDb(dbPlan),
    stripe: plannedStripe(stripePlan, fake),
    ...(opts.bell ? { bell: opts.bell } : {}),
  });
  return {
    deps,
    db: dbPlan,
    stripe: stripePlan,
    settled: async () => {
      while (pending.length) await Promise.allSettled(pending.splice(0));
    },
  };
}

/** What a verb case starts from: the campaign it acts on, the people it may touch, its own ids. */
export interface Fixture {
  campaignId: string;
  /** Everyone the verb may grant a role, by a label (owner, member, admin…); their notifications are the campaign's. */
  people: Record<string, string>;
  /** Other ids the fixture made (payment intents, payouts, events), by a label. */
  ids?: Record<string, string>;
}

export interface VerbCase<F extends Fixture = Fixture> {
  name: string;
  setup(): Promise<F>;
  run(s: Deps, f: F): Promise<unknown>;
  /**
   * The same request again once the fault is gone; by default `run`. A verb made of several
   * committed steps (a refund, a payout) names the job that finishes an interrupted run too.
   */
  repeat?(s: Deps, f: F): Promise<unknown>;
  /** Stripe is called: its requests are failed one by one too. */
  stripe?: boolean;
  /** What Stripe holds after the verb (TEST mode's store), compared with a clean run's as well. */
  atStripe?(f: F): Promise<unknown>;
  /**
   * One write: a failed run leaves the state exactly as before or exactly as a clean run does.
   * Otherwise the verb is a chain of committed steps, each consistent on its own.
   */
  atomic: boolean;
}

/** Everything the money and campaign verbs write about one campaign and its people. */
export async function campaignState(f: Fixture) {
  const d = db();
  const c = f.campaignId;
  const people = Object.values(f.people);
  const ids = people.length ? people : ['-'];
  const byRow = sql`rowid`;
  const [
    campaign,
    team,
    history,
    milestones,
    votes,
    partnerships,
    agreements,
    portions,
    groups,
    lines,
    claims,
    refunds,
    payoutRows,
    sessions,
    notes,
    roles,
  ] = await d.batch([
    d.select().from(campaigns).where(eq(campaigns.id, c)),
    d.select().from(campaignContributors).where(eq(campaignContributors.campaignId, c)).orderBy(byRow),
    d.select().from(campaignStatusHistory).where(eq(campaignStatusHistory.campaignId, c)).orderBy(byRow),
    d.select().from(campaignMilestones).where(eq(campaignMilestones.campaignId, c)).orderBy(byRow),
    d.select().from(campaignExtensionVotes).where(eq(campaignExtensionVotes.campaignId, c)).orderBy(byRow),
    d.select().from(partnershipAgreements).where(eq(partnershipAgreements.campaignId, c)).orderBy(byRow),
    d.select().from(shareAgreements).where(eq(shareAgreements.campaignId, c)).orderBy(byRow),
    d.select().from(releasePortions).where(eq(releasePortions.campaignId, c)).orderBy(byRow),
    d.select().from(ledgerGroups).where(eq(ledgerGroups.campaignId, c)).orderBy(byRow),
    d.select().from(ledgerEntries).where(eq(ledgerEntries.campaignId, c)).orderBy(byRow),
    d.select().from(escrowClaims).where(eq(escrowClaims.campaignId, c)).orderBy(byRow),
    d.select().from(escrowRefunds).where(eq(escrowRefunds.campaignId, c)).orderBy(byRow),
    d.select().from(payouts).where(eq(payouts.campaignId, c)).orderBy(byRow),
    d.select().from(checkoutSessions).where(eq(checkoutSessions.campaignId, c)).orderBy(byRow),
    // By content, not by row: which of two follow-ups writes its notices first depends on which a fault delayed.
    d
      .select()
      .from(notifications)
      .where(eq(notifications.campaignId, c))
      .orderBy(notifications.userId, notifications.type, notifications.topic, byRow),
    d.select().from(userRoles).where(inArray(userRoles.userId, ids)).orderBy(byRow),
  ]);
  const agreementIds = agreements.map((a) => a.id);
  const members = agreementIds.length
    ? await d
        .select()
        .from(shareAgreementMembers)
        .where(inArray(shareAgreementMembers.agreementId, agreementIds))
        .orderBy(byRow)
    : [];
  const eventIds = Object.entries(f.ids ?? {})
    .filter(([k]) => k.startsWith('evt'))
    .map(([, v]) => v);
  const events = eventIds.length
    ? await d.select().from(stripeEvents).where(inArray(stripeEvents.id, eventIds)).orderBy(byRow)
    : [];
  // Who changed what, about anything this campaign touched: the campaign, its people, its payments,
  // payouts and events; and the work its changes owe.
  const resources = [
    c,
    ...people,
    ...Object.values(f.ids ?? {}),
    ...groups.flatMap((g) => (g.paymentIntentId ? [g.paymentIntentId] : [])),
    ...payoutRows.map((p) => p.id),
  ];
  const [audit, owed] = await d.batch([
    d.select().from(auditLog).where(inArray(auditLog.resourceId, resources)).orderBy(byRow),
    d
      .select()
      .from(followUps)
      .where(or(like(followUps.key, `%${c}%`), like(followUps.payload, `%${c}%`)))
      .orderBy(followUps.name, byRow),
  ]);
  return {
    campaign,
    team,
    history,
    milestones,
    votes,
    partnerships,
    agreements,
    members,
    portions,
    groups,
    lines,
    claims,
    refunds,
    payouts: payoutRows,
    sessions,
    notifications: notes,
    roles,
    events,
    audit,
    followUps: owed,
  };
}

// Ids the verbs mint (uuids, Stripe ids, the factories' 10-hex suffixes), named by first appearance.
const MINTED =
  /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|\b[a-z]{2,12}_[A-Za-z0-9_]{8,}\b|\b[0-9a-f]{10}\b/g;
const TIME_KEY = /(At|Created|created|updatedAt)$/;
// How many tries a step took, and the last one's error: a failed try is counted, not a half-write.
const TRIES_KEY = /^(attempts|lastError)$/;
// How far a follow-up has got: compared only once the hourly job has run what was owed.
const PROGRESS_KEY = /^(doneAt|dueAt|leaseUntil)$/;

/**
 * A state with what differs between two runs of the same verb on two fixtures taken out: the
 * fixture's ids by their labels, minted ids by order of appearance, times by whether they are set.
 */
/**
 * The audit rows and follow-ups of the change itself: what its follow-ups wrote in turn (as the
 * 'follow-up' job) is a later step, done or not.
 */
function ownRows<S extends { audit: { actorId: string | null }[]; followUps: { owedBy: string | null }[] }>(
  state: S,
): S {
  return {
    ...state,
    audit: state.audit.filter((r) => r.actorId !== 'follow-up'),
    followUps: state.followUps.filter((r) => r.owedBy !== 'follow-up'),
  };
}

export function normalize(state: unknown, f: Fixture, { owedOnly = false } = {}): unknown {
  const known = new Map<string, string>();
  for (const [label, id] of Object.entries({ ...f.people, ...f.ids, campaign: f.campaignId }))
    known.set(id, `<${label}>`);
  const minted = new Map<string, string>();
  const text = (s: string) => {
    let out = s;
    for (const [id, label] of known) out = out.split(id).join(label);
    return out.replace(MINTED, (m) => {
      if (!minted.has(m)) minted.set(m, `<id${minted.size}>`);
      return minted.get(m) as string;
    });
  };
  const walk = (v: unknown, key = ''): unknown => {
    if (owedOnly && PROGRESS_KEY.test(key)) return '<progress>';
    if (v instanceof Date) return '<time>';
    if (TIME_KEY.test(key) && v !== null && v !== undefined) return '<time>';
    if (TRIES_KEY.test(key)) return '<tries>';
    if (typeof v === 'string') return text(v);
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') {
      const o = v as Record<string, unknown>;
      // Which of the platform's jobs did a step (the follow-up right away, or the hourly job after a
      // failure) depends on where the run failed, not on what it did.
      const system = o.actorKind === 'system' || (typeof o.owedBy === 'string' && !known.has(o.owedBy));
      return Object.fromEntries(
        Object.entries(o).map(([k, x]) => [
          k,
          system && (k === 'actorId' || k === 'owedBy' || (k === 'verb' && o.actorKind === 'system'))
            ? '<system job>'
            : walk(x, k),
        ]),
      );
    }
    return v;
  };
  return walk(state);
}

export interface CaseReport {
  verb: string;
  dbPoints: number;
  stripePoints: number;
  /** Stripe requests that were made but whose answer was lost (a retry must not pay twice). */
  stripeLostAnswers: number;
  /** Failed runs that left the state as before / as a clean run / at a committed step between. */
  unchanged: number;
  complete: number;
  between: number;
  /**
   * Failed runs whose change committed whole — its audit rows and owed follow-ups as a clean run
   * writes them — while a follow-up it owes has not finished (the hourly job runs it again).
   */
  owed: number;
  /** Failed runs the verb answered without an error (it caught the fault and carried on). */
  absorbed: number;
}

const stateOf = async <F extends Fixture>(c: VerbCase<F>, f: F) => ({
  ...(await campaignState(f)),
  atStripe: c.atStripe ? await c.atStripe(f) : null,
});

/**
 * The hourly job's pass over owed follow-ups, on deps of its own, a month later: past any backoff
 * or lease, and past the clock of a case that runs ahead of time (a vote closed a week later).
 */
async function runOwedLater() {
  const s = runDeps();
  const later = { now: () => new Date(Date.now() + 30 * 86_400_000) };
  await runDueFollowUps({ ...s.deps, clock: later }, TEST_SYSTEM);
  await s.settled();
}

async function oneFault<F extends Fixture>(
  c: VerbCase<F>,
  where: 'db' | 'stripe',
  k: number,
  mode: 'before' | 'after',
  clean: { strict: unknown; owed: { audit: unknown; followUps: unknown } },
  report: CaseReport,
): Promise<boolean> {
  const f = await c.setup();
  const before = await stateOf(c, f);
  const plan = new FaultPlan(where, k, mode);
  const run = runDeps({ [where]: plan });
  let error: unknown = null;
  try {
    await c.run(run.deps, f);
  } catch (err) {
    error = err;
  }
  await run.settled();
  if (!plan.fired) {
    if (error) throw error;
    return false;
  }
  const label = `${c.name}: ${where} call ${k} failed (${mode === 'before' ? 'never arrived' : 'answer lost'})`;
  // The only error a failed run may answer with is the fault itself (or the 500 it becomes).
  if (error && !isInjected(error) && !(error instanceof DomainError && STATUS[error.code] >= 500)) {
    if (!(where === 'stripe' && /Stripe|connection/i.test(String(error)))) throw error;
  }
  if (!error) report.absorbed++;
  await expectLedgerBalanced(db());
  const after = await stateOf(c, f);
  const unchanged = JSON.stringify(after) === JSON.stringify(before);
  const complete = JSON.stringify(normalize(after, f)) === JSON.stringify(clean.strict);
  // The change's own batch landed whole (its audit rows and owed follow-ups are the clean run's) and
  // a follow-up it owes is still to finish.
  const loose = normalize(ownRows(after), f, { owedOnly: true }) as { audit: unknown; followUps: unknown };
  const owed =
    !unchanged &&
    !complete &&
    after.followUps.some((r) => r.doneAt === null && !before.followUps.some((b) => b.id === r.id)) &&
    JSON.stringify(loose.audit) === JSON.stringify(clean.owed.audit) &&
    JSON.stringify(loose.followUps) === JSON.stringify(clean.owed.followUps);
  if (unchanged) report.unchanged++;
  else if (complete) report.complete++;
  else if (owed) report.owed++;
  else report.between++;
  if (c.atomic) expect(unchanged || complete || owed, `${label}: a half-written state`).toBe(true);

  const again = runDeps();
  try {
    await (c.repeat ?? c.run)(again.deps, f);
  } catch (err) {
    // A repeat of a change that already committed is refused (409) as any repeat would be.
    if (!(err instanceof DomainError && STATUS[err.code] < 500 && (complete || owed))) throw err;
  }
  await again.settled();
  await runOwedLater();
  await expectLedgerBalanced(db());
  expect(normalize(await stateOf(c, f), f), `${label}, then repeated`).toEqual(clean.strict);
  return true;
}

/**
 * Fails the k-th database call of the verb for k = 1, 2, … until a run hits no fault, then the
 * same for its Stripe requests, once never arriving and once made with the answer lost (Stripe did
 * it; the retry must not do it twice): after each failed run the ledger balances and the state is as
 * before, as after a clean run, or (a verb of several steps) at one of its committed steps; the
 * repeated verb then ends exactly where a clean run ends. Returns the counts it covered.
 */
export async function exercise<F extends Fixture>(c: VerbCase<F>): Promise<CaseReport> {
  const f0 = await c.setup();
  const setup0 = await stateOf(c, f0);
  const run0 = runDeps();
  await c.run(run0.deps, f0);
  await run0.settled();
  await expectLedgerBalanced(db());
  // A clean run leaves nothing owed: every follow-up it owed ran right after its commit.
  const ran0 = await stateOf(c, f0);
  expect(
    ran0.followUps
      .filter((r) => r.doneAt === null && !setup0.followUps.some((b) => b.id === r.id))
      .map((r) => `${r.name}: ${r.lastError}`),
    `${c.name}: follow-ups a clean run left owed`,
  ).toEqual([]);
  // What a fixture left owed (a worker stopped after a commit) the hourly job runs, as after every run.
  await runOwedLater();
  const state0 = await stateOf(c, f0);
  const owed0 = normalize(ownRows(state0), f0, { owedOnly: true }) as { audit: unknown; followUps: unknown };
  const clean = { strict: normalize(state0, f0), owed: { audit: owed0.audit, followUps: owed0.followUps } };
  const report: CaseReport = {
    verb: c.name,
    dbPoints: 0,
    stripePoints: 0,
    stripeLostAnswers: 0,
    unchanged: 0,
    complete: 0,
    between: 0,
    owed: 0,
    absorbed: 0,
  };
  for (let k = 1; await oneFault(c, 'db', k, 'before', clean, report); k++) report.dbPoints = k;
  expect(report.dbPoints, `${c.name}: database calls of a clean run`).toBe(run0.db.calls);
  if (c.stripe) {
    for (let k = 1; await oneFault(c, 'stripe', k, 'before', clean, report); k++) report.stripePoints = k;
    expect(report.stripePoints, `${c.name}: Stripe requests of a clean run`).toBe(run0.stripe.calls);
    for (let k = 1; await oneFault(c, 'stripe', k, 'after', clean, report); k++) report.stripeLostAnswers = k;
    expect(report.stripeLostAnswers).toBe(report.stripePoints);
    expect(report.stripePoints, `${c.name} calls Stripe`).toBeGreaterThan(0);
  }
  return report;
}

export function printReports(group: string, reports: CaseReport[]) {
  const points = reports.reduce((s, r) => s + r.dbPoints + r.stripePoints + r.stripeLostAnswers, 0);
  console.log(
    `faults (${group}): ${reports.length} verbs, ${points} injection points\n${reports
      .map(
        (r) =>
          `  ${r.verb}: db ${r.dbPoints}, stripe ${r.stripePoints} (+${r.stripeLostAnswers} answers lost) — left unchanged ${r.unchanged}, complete ${r.complete}, at a committed step ${r.between}, committed with a follow-up owed ${r.owed}; absorbed ${r.absorbed}`,
      )
      .join('\n')}`,
  );
  return points;
}
