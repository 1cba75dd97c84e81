import type { SQL } from 'drizzle-orm';
import type { BatchItem } from 'drizzle-orm/batch';
import type { Db } from '../../functions/db/client';
import { writeChange } from '../../functions/db/unit-of-work';
import { systemClock } from '../../functions/platform/clock';
import { type LedgerPosting, ledgerWrite } from '../../functions/services/ledger';
import { owesNone } from './owes-none';

export interface PostOptions {
  /** Statements to write in the same batch, after the group; guard them with `posted`. */
  with?: (posted: SQL, groupId: string) => BatchItem<'sqlite'>[];
}

/**
 * Tests' way to post one balanced group (a payment, a release) straight into the ledger, through the
 * one write path. Returns posted=false when the idempotency key was already posted.
 */
export async function postLedgerGroup(
  db: Db,
  posting: LedgerPosting,
  options: PostOptions = {},
): Promise<{ posted: boolean; groupId: string }> {
  const write = ledgerWrite(db, posting);
  const extra = options.with?.(write.posted, write.groupId) ?? [];
  const [group] = (await writeChange({ db, clock: systemClock, followUps: owesNone }, null, {
    statements: [...write.statements, ...extra],
  })) as [Array<{ id: string }>];
  return { posted: group.length === 1, groupId: write.groupId };
}
