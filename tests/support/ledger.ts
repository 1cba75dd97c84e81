import { expect } from 'vitest';
import type { Db } from '../../functions/db/client';
import { checkLedger } from '../../functions/services/ledger/check';
import { TEST_SYSTEM } from './actors';

/** Run after every money test: every group sums to zero and every projection equals its lines. */
export async function expectLedgerBalanced(db: Db) {
  const report = await checkLedger({ db }, TEST_SYSTEM);
  expect(report.problems, 'ledger check').toEqual([]);
  return report;
}
