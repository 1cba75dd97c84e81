/**
 * Where a campaign's coin stands, as the admins' Creator Coins tab shows it:
 * settings saved (not deployable yet: status, split), waiting for wallets (who), deployable,
 * deploying, deployed (addresses), failed (reason; it may be retried).
 */
export const COIN_STATES = ['settings', 'waiting', 'deployable', 'deploying', 'deployed', 'failed'] as const;
export type CoinState = (typeof COIN_STATES)[number];

export const COIN_STATE_LABELS: Record<CoinState, string> = {
  settings: 'Settings saved',
  waiting: 'Waiting for wallets',
  deployable: 'Ready to deploy',
  deploying: 'Deploying',
  deployed: 'Deployed',
  failed: 'Failed',
};

/** The state from the stored deployment's status and what stops a deployment now (null: nothing). */
export function coinState(
  deployment: 'deploying' | 'deployed' | 'failed' | null,
  blocker: { missing: readonly string[] } | null,
): CoinState {
  if (deployment === 'deployed' || deployment === 'deploying') return deployment;
  if (deployment === 'failed' && !blocker) return 'failed';
  if (blocker) return blocker.missing.length ? 'waiting' : 'settings';
  return 'deployable';
}

/** A block explorer's page for an address, on the public chains; null on the local chain. */
export function explorerAddressUrl(chainId: number, address: string): string | null {
  if (chainId === 84532) return `https://sepolia.basescan.org/address/${address}`;
  if (chainId === 8453) return `https://basescan.org/address/${address}`;
  return null;
}

/**
 * How long a deployment may stay "deploying" before the tab offers to check again: well past the receipt wait
 * (at most 100 blocks, 200 s on Base). Checking again never sends twice: the deployer reads the factory and the
 * sent transaction first (docs/coins.md).
 */
export const DEPLOY_STALE_MS = 10 * 60_000;

export const isStaleDeployment = (startedAt: Date | null, now: Date) =>
  startedAt !== null && now.getTime() - startedAt.getTime() > DEPLOY_STALE_MS;
