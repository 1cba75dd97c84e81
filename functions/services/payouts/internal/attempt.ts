import type { PayoutDeps } from './constants';
import {
  askTransfer,
  claimAttempt,
  type PayoutCaller,
  type PayoutRow,
  recordTransferMade,
  recordTransferRefused,
} from './transfer';

/** One attempt at one payout: claim it, ask Stripe for the transfer, record what Stripe said. */
export async function attemptPayout(
  deps: PayoutDeps,
  by: PayoutCaller,
  p: PayoutRow,
  destination: string,
): Promise<PayoutOutcome> {
  const claimed = await claimAttempt(deps, by, p, destination);
  if (!claimed) return { payoutId: p.id, result: 'skipped' };
  const attempt = claimed.attempts;
  const answer = await askTransfer(deps, claimed, destination, attempt);
  if (answer.kind === 'made') {
    await recordTransferMade(deps, by, claimed, attempt, answer.transfer);
    return { payoutId: p.id, result: 'completed', transferId: answer.transfer.id };
  }
  if (answer.kind === 'refused') await recordTransferRefused(deps, by, claimed, attempt, answer.message);
  return { payoutId: p.id, result: answer.kind === 'refused' ? 'failed' : 'unknown', error: answer.message };
}

export type PayoutOutcome =
  | { payoutId: string; result: 'completed'; transferId: string }
  | { payoutId: string; result: 'failed' | 'unknown'; error: string }
  /** The member has no payout account that can receive transfers: stays pending. */
  | { payoutId: string; result: 'waiting' }
  /** Another worker moved it first. */
  | { payoutId: string; result: 'skipped' };
