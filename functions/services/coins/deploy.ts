import { type Actor, authorize } from '../../auth/authorize';
import type { CoinDeploymentRow } from '../../db/schema';
import { deployInput } from '../../domain/coins/input';
import type { DeployRequest } from '../../domain/coins/supply';
import { COIN_TEXT } from '../../domain/coins/texts';
import { conflict, DomainError } from '../../domain/errors';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { checkDeployable } from './lib/deployable';

/**
 * Deploys a campaign's creator coin (admins only): checks the campaign, the request against the saved
 * settings and the fixed supply, and every member's linked wallet, then hands the job to the chain's
 * one deployer, which sends it, waits for it and stores it (functions/chain/deployer-object.ts).
 */
export async function deployCreatorCoin(deps: Deps, actor: Actor, body: DeployRequest): Promise<CoinDeploymentRow> {
  const viewer = authorize(actor, 'coin.deploy');
  body = parseInput(deployInput, body);
  const { coins, deployer } = deps.coinChain;
  if (!coins || !deployer) throw conflict(COIN_TEXT.coinsDisabled);
  const job = await checkDeployable(deps.db, coins, body.campaignId, body);
  const result = await deployer.deploy(job, viewer);
  if (result.outcome === 'already') throw conflict(COIN_TEXT.coinAlreadyDeployed);
  if (result.outcome === 'refused') throw conflict(result.reason);
  if (result.outcome === 'failed') throw new DomainError('unavailable', result.reason);
  return result.deployment;
}
