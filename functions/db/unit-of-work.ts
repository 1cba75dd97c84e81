import { type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Actor } from '../auth/authorize';
import type { FollowUpName, FollowUpPayloads } from '../domain/follow-ups';
import type { Clock } from '../platform/clock';
import type { Db } from './client';
import { auditLog, followUps } from './schema';

type Statement = BatchItem<'sqlite'>;

/** Runs owed follow-ups by their keys right after their commit (functions/follow-ups.ts). */
export interface FollowUpRunner {
  runNow(keys: string[]): Promise<void>;
}

/**
 * What writing a change needs: the database, the clock its rows are stamped with, and the runner of
 * what it owes. The dependency bundle has all three; this module does not import it (no cycle).
 */
export interface WriteDeps {
  readonly db: Db;
  readonly clock: Clock;
  readonly followUps: FollowUpRunner;
}

/** One line of who changed what (the actor comes from the change). */
export interface AuditEntry {
  /** The verb's name, e.g. 'pauseCampaign'. */
  verb: string;
  /** What it changed: 'campaign', 'film', 'payout', 'site-settings', 'user', … */
  resourceType: string;
  resourceId: string;
  /** One line a person reads in the admin's audit list. */
  summary: string;
  /** Written only if this holds as the batch runs (a conditional change that may do nothing). */
  when?: SQL;
}

/** Work the change owes once it has committed. */
export interface OwedFollowUp<N extends FollowUpName = FollowUpName> {
  name: N;
  payload: FollowUpPayloads[N];
  /** Owing the same key twice is one follow-up; by default every owing is its own. */
  key?: string;
  /** Owed only if this holds as the batch runs. */
  when?: SQL;
}

/** One change: its statements, its audit rows and the follow-ups it owes. */
export interface Change {
  statements: Statement[];
  audit?: AuditEntry[];
  followUps?: OwedFollowUp[];
  /** Best-effort rings after commit (the doorbell, a campaign's channel): never owed work. */
  effects?: Array<(results: unknown[]) => Promise<unknown>>;
}

/** How an actor is recorded: a user by id, the platform's job by its name, a guest as 'anyone'. */
function auditActor(actor: Actor): { actorKind: 'user' | 'system' | 'anyone'; actorId: string | null } {
  if (actor === null) return { actorKind: 'anyone', actorId: null };
  if ('kind' in actor && actor.kind === 'system') return { actorKind: 'system', actorId: actor.job };
  return { actorKind: 'user', actorId: (actor as { userId: string }).userId };
}

function auditStatement(db: Db, at: Date, actor: Actor, entry: AuditEntry): Statement {
  const who = auditActor(actor);
  const row = {
    id: crypto.randomUUID(),
    at,
    ...who,
    verb: entry.verb,
    resourceType: entry.resourceType,
    resourceId: entry.resourceId,
    summary: entry.summary.slice(0, 500),
  };
  if (!entry.when) return db.insert(auditLog).values(row);
  return db.insert(auditLog).select((qb) =>
    qb
      .select({
        id: sql<string>`${row.id}`.as('id'),
        at: sql<Date>`${at.getTime()}`.as('at'),
        actorKind: sql<typeof row.actorKind>`${row.actorKind}`.as('actor_kind'),
        actorId: sql<string | null>`${row.actorId}`.as('actor_id'),
        verb: sql<string>`${row.verb}`.as('verb'),
        resourceType: sql<string>`${row.resourceType}`.as('resource_type'),
        resourceId: sql<string>`${row.resourceId}`.as('resource_id'),
        summary: sql<string>`${row.summary}`.as('summary'),
      })
      .from(sql`(select 1)`)
      .where(entry.when as SQL),
  );
}

function followUpStatement(db: Db, at: Date, actor: Actor, owed: OwedFollowUp & { key: string }): Statement {
  const row = {
    id: crypto.randomUUID(),
    name: owed.name,
    key: owed.key,
    payload: JSON.stringify(owed.payload),
    owedBy: auditActor(actor).actorId,
    createdAt: at,
    dueAt: at,
  };
  if (!owed.when) return db.insert(followUps).values(row).onConflictDoNothing({ target: followUps.key });
  return db
    .insert(followUps)
    .select((qb) =>
      qb
        .select({
          id: sql<string>`${row.id}`.as('id'),
          name: sql<string>`${row.name}`.as('name'),
          key: sql<string>`${row.key}`.as('key'),
          payload: sql<string>`${row.payload}`.as('payload'),
          owedBy: sql<string | null>`${row.owedBy}`.as('owed_by'),
          createdAt: sql<Date>`${at.getTime()}`.as('created_at'),
          dueAt: sql<Date>`${at.getTime()}`.as('due_at'),
          leaseUntil: sql<null>`null`.as('lease_until'),
          attempts: sql<number>`0`.as('attempts'),
          lastError: sql<null>`null`.as('last_error'),
          doneAt: sql<null>`null`.as('done_at'),
        })
        .from(sql`(select 1)`)
        .where(owed.when as SQL),
    )
    .onConflictDoNothing({ target: followUps.key });
}

/**
 * The one write path: a change's statements, its audit rows and the follow-ups it owes, in one atomic
 * `db.batch` (all or nothing, on D1 and libSQL alike). Once it has committed, the best-effort rings
 * run, then the owed follow-ups (functions/follow-ups.ts): a follow-up that fails stays owed and the
 * hourly job runs it again. Returns the results of the change's own statements, in order.
 */
export async function writeChange(deps: WriteDeps, actor: Actor, change: Change): Promise<unknown[]> {
  const { db } = deps;
  const at = deps.clock.now();
  const owed = (change.followUps ?? []).map((f) => ({ ...f, key: f.key ?? `${f.name}:${crypto.randomUUID()}` }));
  const all: Statement[] = [
    ...change.statements,
    ...(change.audit ?? []).map((entry) => auditStatement(db, at, actor, entry)),
    ...owed.map((f) => followUpStatement(db, at, actor, f)),
  ];
  const [first, ...rest] = all;
  const results = first ? await db.batch([first, ...rest]) : [];
  const own = results.slice(0, change.statements.length);
  await Promise.all(
    (change.effects ?? []).map((effect) =>
      effect(own).catch((err) => console.error('after-commit effect failed (the write stands):', err)),
    ),
  );
  if (owed.length) await deps.followUps.runNow(owed.map((f) => f.key));
  return own;
}

/**
 * Collects one change — statements, audit rows, owed follow-ups, best-effort rings — and writes it
 * with `writeChange` on `commit()`. D1 has no interactive transactions: everything a change writes
 * goes in this one batch.
 */
export class UnitOfWork {
  private readonly change: Required<Change> = { statements: [], audit: [], followUps: [], effects: [] };
  readonly db: Db;

  constructor(
    readonly deps: WriteDeps,
    readonly actor: Actor,
  ) {
    this.db = deps.db;
  }

  add(...statements: Statement[]): this {
    this.change.statements.push(...statements);
    return this;
  }

  /** The change's audit row (docs/architecture.md: which changes are audited). */
  audit(entry: AuditEntry): this {
    this.change.audit.push(entry);
    return this;
  }

  /** Work this change owes once committed: a named follow-up, recorded in the same batch. */
  owe<N extends FollowUpName>(name: N, payload: FollowUpPayloads[N], options: { key?: string; when?: SQL } = {}): this {
    this.change.followUps.push({ name, payload, ...options } as OwedFollowUp);
    return this;
  }

  /**
   * A best-effort ring after commit (the doorbell, a campaign's channel). Work the change owes is a
   * follow-up (`owe`), never an effect: tests/unit/write-path.test.ts lists the allowed effects.
   * `effect` gets every statement's result, as commit returns them.
   */
  afterCommit(effect: (results: unknown[]) => Promise<unknown>): this {
    this.change.effects.push(effect);
    return this;
  }

  get size() {
    return this.change.statements.length;
  }

  /** Writes everything or nothing; returns each statement's result in order. */
  commit(): Promise<unknown[]> {
    return writeChange(this.deps, this.actor, this.change);
  }
}
