import { eq, type SQL, sql } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../../db/client';
import { type LedgerKind, ledgerEntries, ledgerGroups } from '../../../db/schema';

type Statement = BatchItem<'sqlite'>;

export interface LedgerLine {
  /** 'escrow:<campaignId>', 'payer:<paymentIntentId>', 'fee:platform', 'payable:<campaignId>:<userId>'… */
  account: string;
  /** Signed integer cents: positive arrives in the account, negative leaves it. */
  amountCents: number;
  /** The member a payable/paid line belongs to, or the payer of a payment. */
  userId?: string | null;
}

export interface LedgerPosting {
  /** Names the movement in the world, e.g. 'payment:<payment_intent_id>': posted once, ever. */
  idempotencyKey: string;
  kind: LedgerKind;
  currency: string;
  campaignId?: string | null;
  paymentIntentId?: string | null;
  /** The agreed share version the money moves under (payments, refunds); SQL to read it in the batch. */
  shareVersion?: number | SQL<number | null> | null;
  memo?: string | null;
  lines: LedgerLine[];
}

export class UnbalancedLedgerError extends Error {
  override name = 'UnbalancedLedgerError';
}

const ACCOUNT = /^[a-z][a-z_]*(:[^\s:]+)*$/;
const CURRENCY = /^[a-z]{3}$/;

/** Refuses a posting that is not a balanced set of distinct, non-zero integer lines in one currency. */
export function assertBalanced(posting: LedgerPosting): void {
  const { lines } = posting;
  const fail = (why: string) => {
    throw new UnbalancedLedgerError(`Ledger group ${posting.idempotencyKey}: ${why}`);
  };
  if (!posting.idempotencyKey) fail('an idempotency key is required');
  if (!CURRENCY.test(posting.currency)) fail(`invalid currency '${posting.currency}'`);
  if (lines.length < 2) fail('a group needs at least two lines');
  const seen = new Set<string>();
  let sum = 0;
  for (const line of lines) {
    if (!ACCOUNT.test(line.account)) fail(`invalid account '${line.account}'`);
    if (seen.has(line.account)) fail(`account '${line.account}' appears twice`);
    seen.add(line.account);
    if (!Number.isSafeInteger(line.amountCents) || line.amountCents === 0) {
      fail(`line amounts must be non-zero integer cents (got ${line.amountCents} for ${line.account})`);
    }
    sum += line.amountCents;
  }
  if (sum !== 0) fail(`lines sum to ${sum}, not 0`);
}

export interface LedgerWrite {
  /** This attempt's group id: fresh for every call, so it exists afterwards only if this call won. */
  groupId: string;
  /** The group insert and the line inserts, in order, for one db.batch. */
  statements: [Statement, ...Statement[]];
  /**
   * True in SQL exactly when this attempt's group was written (in the same batch, after
   * `statements`): guard projection updates with it so they apply once, with the lines.
   */
  posted: SQL;
}

/**
 * The statements of one ledger group, for a batch the caller assembles with the change that
 * caused it (a projection update, an event marked processed).
 *
 * Why this is race-safe: the group row is inserted with `ON CONFLICT (idempotency_key) DO NOTHING`
 * under an id fresh to this call, and every line is `INSERT … SELECT … FROM ledger_groups WHERE
 * id = <that id>`. The unique key lets exactly one attempt insert its group, atomically; a losing
 * attempt (a duplicate event, a concurrent delivery, a retry) finds no group with its id and so
 * inserts no lines — whatever lines it carried — and its guarded projection updates change
 * nothing. db.batch is one transaction on D1 and libSQL, so lines never exist without their group.
 */
export function ledgerWrite(db: Db, posting: LedgerPosting): LedgerWrite {
  assertBalanced(posting);
  const groupId = crypto.randomUUID();
  const context = {
    currency: posting.currency,
    campaignId: posting.campaignId ?? null,
    paymentIntentId: posting.paymentIntentId ?? null,
    kind: posting.kind,
  };
  const group = db
    .insert(ledgerGroups)
    .values({
      id: groupId,
      idempotencyKey: posting.idempotencyKey,
      memo: posting.memo ?? null,
      shareVersion: (posting.shareVersion ?? null) as number | null,
      ...context,
    })
    .onConflictDoNothing({ target: ledgerGroups.idempotencyKey })
    .returning({ id: ledgerGroups.id });
  const lines = posting.lines.map((line) =>
    db.insert(ledgerEntries).select((qb) =>
      qb
        .select({
          id: sql<string>`${crypto.randomUUID()}`.as('id'),
          groupId: ledgerGroups.id,
          account: sql<string>`${line.account}`.as('account'),
          amountCents: sql<number>`${line.amountCents}`.as('amount_cents'),
          currency: ledgerGroups.currency,
          campaignId: ledgerGroups.campaignId,
          userId: sql<string | null>`${line.userId ?? null}`.as('user_id'),
          paymentIntentId: ledgerGroups.paymentIntentId,
          kind: ledgerGroups.kind,
          createdAt: ledgerGroups.createdAt,
        })
        .from(ledgerGroups)
        .where(eq(ledgerGroups.id, groupId)),
    ),
  );
  const posted = sql`exists (select 1 from ${ledgerGroups} where ${ledgerGroups.id} = ${groupId})`;
  return { groupId, statements: [group, ...lines], posted };
}
