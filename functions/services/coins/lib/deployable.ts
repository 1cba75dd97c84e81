import { and, eq, inArray } from 'drizzle-orm';
import type { CoinsConfig } from '../../../chain/config';
import type { Db } from '../../../db/client';
import { walletLinks } from '../../../db/schema';
import { CAMPAIGN_FORM_TEXT } from '../../../domain/campaigns/form-texts';
import { type DeployRequest, isFixedDistribution } from '../../../domain/coins/supply';
import { COIN_TEXT } from '../../../domain/coins/texts';
import { conflict, DomainError, notFound } from '../../../domain/errors';
import { fillText } from '../../../domain/fill-text';
import { campaignAgreements } from '../../agreements';
import { loadCampaignAccess } from '../../campaigns';
import { type DeployJob, deploymentOf } from './record';

/** Statuses a coin may be deployed in: the campaign was approved by an admin. */
export const COIN_DEPLOYABLE_STATUSES = ['approved', 'live'] as const;

/**
 * The longest coin name a deployment accepts, in UTF-8 bytes: the factory takes up to 64, but the coin's
 * constructor reverts (StringTooLong) on a name over 31 bytes, so the server never sends one.
 */
export const COIN_NAME_MAX_BYTES = 31;

/** The coin's ERC-20 name: the campaign's title and " Coin", the title shortened to fit. */
export function coinName(title: string): string {
  const suffix = ' Coin';
  const bytes = (s: string) => new TextEncoder().encode(s).length;
  const chars = Array.from(title.trim());
  while (chars.length && bytes(chars.join('').trimEnd() + suffix) > COIN_NAME_MAX_BYTES) chars.pop();
  return `${chars.join('').trimEnd()}${suffix}`.trim();
}

/** What stops a deployment before it reaches the chain (each a 409), or the job to run. */
export async function checkDeployable(
  db: Db,
  coins: CoinsConfig,
  campaignId: string,
  body: DeployRequest | null,
): Promise<DeployJob> {
  const access = await loadCampaignAccess(db, null, campaignId);
  if (!access) throw notFound('Campaign not found');
  const c = access.campaign;
  if (!c.creatorCoinsEnabled || !c.creatorCoinSymbol || !c.creatorCoinPrice)
    throw conflict(CAMPAIGN_FORM_TEXT.saveFirst);
  if (!(COIN_DEPLOYABLE_STATUSES as readonly string[]).includes(c.status)) throw conflict(COIN_TEXT.coinCampaignStatus);
  const existing = await deploymentOf(db, c.id, coins.chain.id);
  if (existing?.status === 'deployed') throw conflict(COIN_TEXT.coinAlreadyDeployed);
  if (body && (body.coinSymbol !== c.creatorCoinSymbol || body.pricePerCoin !== c.creatorCoinPrice))
    throw conflict(COIN_TEXT.coinSettingsDiffer);
  if (body && !isFixedDistribution(body)) throw conflict(COIN_TEXT.coinSplitDiffer);

  const agreed = (await campaignAgreements(db, c.id)).at(-1);
  if (!agreed) throw conflict(COIN_TEXT.coinTeamNotAgreed);
  const ids = agreed.members.map((m) => m.userId);
  const links = await db
    .select({ userId: walletLinks.userId, address: walletLinks.address })
    .from(walletLinks)
    .where(and(eq(walletLinks.chainId, coins.chain.id), inArray(walletLinks.userId, ids)));
  const addressOf = new Map(links.map((l) => [l.userId, l.address]));
  const missing = agreed.members.filter((m) => !addressOf.has(m.userId));
  if (missing.length)
    throw new DomainError(
      'conflict',
      fillText(COIN_TEXT.coinWalletsMissing, {
        chain: coins.chain.name,
        names: missing.map((m) => m.username ?? m.userId).join(', '),
      }),
      { missing: missing.map((m) => ({ userId: m.userId, username: m.username })) },
    );
  return {
    campaignId: c.id,
    title: c.title,
    chainId: coins.chain.id,
    chainName: coins.chain.name,
    name: coinName(c.title),
    symbol: c.creatorCoinSymbol,
    price: c.creatorCoinPrice,
    feePercent: agreed.feePercent,
    agreementVersion: agreed.version,
    members: agreed.members.map((m) => ({
      userId: m.userId,
      username: m.username ?? '',
      address: addressOf.get(m.userId) as string,
      sharePermille: m.sharePermille,
    })),
  };
}
