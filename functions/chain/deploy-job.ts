import type { CoinDeploymentRow, PinnedMember } from '../db/schema';

/** What the deployer needs to deploy one campaign's coin, as the deploy verb checked it. */
export interface DeployJob {
  campaignId: string;
  title: string;
  chainId: number;
  chainName: string;
  /** The coin's ERC-20 name. */
  name: string;
  symbol: string;
  /** Ten-thousandths of a dollar. */
  price: number;
  feePercent: number;
  agreementVersion: number;
  /** Originator first, each with the address linked on the chain and the agreed share. */
  members: PinnedMember[];
}

export type DeployOutcome =
  | { outcome: 'deployed'; deployment: CoinDeploymentRow }
  | { outcome: 'already'; deployment: CoinDeploymentRow }
  | { outcome: 'failed'; reason: string }
  /** Stopped before anything was sent: a member's wallet changed after the checks (docs/limits.md). */
  | { outcome: 'refused'; reason: string };
