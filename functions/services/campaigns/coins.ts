import { and, eq, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { campaigns, walletLinks } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { coinSettingsSchema } from '../../domain/campaigns/input';
import { normalizeCoinSymbol, validateCoinSettings } from '../../domain/campaigns/validation';
import { COIN_TEXT } from '../../domain/coins/texts';
import { conflict } from '../../domain/errors';
import { fillText } from '../../domain/fill-text';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { notifyWhen, onceId } from '../notifications';
import { campaignChanged } from './internal/changed';
import { validationFailed } from './internal/validation-failed';
import { type CampaignRow, requireCampaignAction } from './lib/access';
import { campaignWon, commitGuarded, historyRow, newRevision } from './lib/guarded-write';
import { campaignTeam } from './lib/team';

export interface CoinSettingsInput {
  creatorCoinsEnabled?: boolean;
  creatorCoinSymbol?: string;
  /** Ten-thousandths of a dollar. */
  creatorCoinPrice?: number;
}

/** Admins alone enable creator coins and set their symbol and price; fixed once deployed. */
export async function updateCoinSettings(
  deps: Deps,
  actor: Actor,
  campaignId: string,
  input: CoinSettingsInput,
): Promise<CampaignRow> {
  const viewer = authorize(actor, 'campaign.edit-coins');
  input = parseInput(coinSettingsSchema, input);
  const { db } = deps;
  const access = await requireCampaignAction(db, viewer, campaignId, 'editCoins');
  const c = access.campaign;
  const next = {
    ...(input.creatorCoinsEnabled !== undefined ? { creatorCoinsEnabled: input.creatorCoinsEnabled } : {}),
    ...(input.creatorCoinSymbol !== undefined
      ? { creatorCoinSymbol: normalizeCoinSymbol(input.creatorCoinSymbol) }
      : {}),
    ...(input.creatorCoinPrice !== undefined ? { creatorCoinPrice: input.creatorCoinPrice } : {}),
  };
  const errors = validateCoinSettings(next);
  if (errors.length) throw validationFailed(errors);
  const touchesCoin =
    (next.creatorCoinSymbol !== undefined && next.creatorCoinSymbol !== c.creatorCoinSymbol) ||
    (next.creatorCoinPrice !== undefined && next.creatorCoinPrice !== c.creatorCoinPrice);
  if (c.creatorCoinDeployed && touchesCoin) throw conflict('The coin is deployed: its symbol and price are fixed');

  const revision = newRevision();
  const uow = new UnitOfWork(deps, viewer);
  uow.add(
    db
      .update(campaigns)
      .set({ ...next, revision, updatedAt: new Date() })
      .where(and(eq(campaigns.id, campaignId), eq(campaigns.revision, c.revision)))
      .returning(),
    historyRow(db, {
      campaignId,
      actorId: viewer.userId,
      event: 'coins_updated',
      fromStatus: c.status,
      toStatus: campaignWon(campaignId, revision),
      reason: `Coins ${(next.creatorCoinsEnabled ?? c.creatorCoinsEnabled) ? 'enabled' : 'disabled'}, ${next.creatorCoinSymbol ?? c.creatorCoinSymbol} at ${next.creatorCoinPrice ?? c.creatorCoinPrice}/10000 USD`,
    }),
  );
  campaignChanged(uow, {
    verb: 'updateCoinSettings',
    campaignId,
    summary: `“${c.title}”: coins ${(next.creatorCoinsEnabled ?? c.creatorCoinsEnabled) ? 'enabled' : 'disabled'}, ${next.creatorCoinSymbol ?? c.creatorCoinSymbol} at ${next.creatorCoinPrice ?? c.creatorCoinPrice}/10000 USD`,
  });
  if ((next.creatorCoinsEnabled ?? c.creatorCoinsEnabled) && deps.coinChain.coins)
    await askForWallets(deps, uow, campaignId, c.title, deps.coinChain.coins.chain);
  const [rows] = (await commitGuarded(uow)) as [CampaignRow[]];
  return rows[0] as CampaignRow;
}

/**
 * Each team member (the originator and the approved contributors) without a wallet on the coins' chain is told
 * once per campaign (a fixed id), with the change that saved the settings; linking one deletes it (linkWallet).
 */
async function askForWallets(
  deps: Deps,
  uow: UnitOfWork,
  campaignId: string,
  title: string,
  chain: { id: number; name: string },
) {
  for (const m of await campaignTeam(deps.db, campaignId)) {
    const none = sql`not exists (select 1 from ${walletLinks} where ${walletLinks.userId} = ${m.userId} and ${walletLinks.chainId} = ${chain.id})`;
    notifyWhen(
      uow,
      deps.bell,
      {
        userId: m.userId,
        type: 'creator_coin',
        topic: 'wallet',
        title: COIN_TEXT.walletNeededTitle,
        message: fillText(COIN_TEXT.walletNeededMessage, { title, chain: chain.name }),
        campaignId,
      },
      none,
      await onceId(`coin-wallet:${chain.id}:${campaignId}:${m.userId}`),
    );
  }
}
