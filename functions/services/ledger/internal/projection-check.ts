import type { Db } from '../../../db/client';

/**
 * A figure stored outside the ledger for fast reads that must always equal a sum of ledger lines
 * (campaigns.current_amount = the campaign's payments minus its refunds). Each one is updated in
 * the same batch as the lines it summarises (guarded by `LedgerWrite.posted`), and proven here.
 */
export interface ProjectionCheck {
  name: string;
  /** One human-readable line per row whose stored figure differs from its lines; empty when all agree. */
  mismatches(db: Db): Promise<string[]>;
}
