import { expect } from 'vitest';
import type { Db } from '../../functions/db/client';
import { releasePortions } from '../../functions/db/schema';
import { checkLedger } from '../../functions/services/ledger';
import { TEST_SYSTEM } from './actors';

/** Run after every money test: every group sums to zero and every projection equals its lines. */
export async function expectLedgerBalanced(db: Db) {
  const report = await checkLedger({ db }, TEST_SYSTEM);
  expect(report.problems, 'ledger check').toEqual([]);
  return report;
}

/**
 * For a release group a test writes by hand with amounts of its own (to exercise payouts or the
 * read side, not the split rule): it is named as portion version 0, the mark of a release made
 * before versioned agreements, which ledger:check sums but does not re-derive.
 */
export const handWrittenRelease = (db: Db, releaseKey: string, campaignId: string, grossCents: number) =>
  db.insert(releasePortions).values({ releaseKey, campaignId, shareVersion: 0, grossCents });
