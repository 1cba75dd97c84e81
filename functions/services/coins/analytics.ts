import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { type Actor, authorize } from '../../auth/authorize';
import { coinDeployments, coinEvents, profiles, walletAddresses } from '../../db/schema';
import { type CoinFigures, coinFigures, coinFiguresCsv } from '../../domain/coins/analytics';
import { notFound } from '../../domain/errors';
import { TEXT } from '../../domain/texts';
import type { Deps } from '../../platform/deps';
import { loadCampaignAccess } from '../campaigns';

export interface CoinAnalytics {
  campaignId: string;
  title: string;
  movieId: string;
  filmTitle: string;
  /** The campaign's deployed coin on the configured chain; null while it has none. */
  coin: { name: string; symbol: string; chainName: string } | null;
  /** From the index only (null without a coin). */
  figures: CoinFigures | null;
  /** Usernames of top holders who chose on /account to show them, by lowercase address. */
  names: Map<string, string>;
}

/**
 * A campaign's coin analytics (docs/coins.md, "Coin analytics"), read from the indexed events only —
 * never from the chain. For the campaign's owner, its approved team, the members pinned in its deployed
 * coin's split and admins; anyone else, signed out included, gets 404, as for an id that does not exist
 * (nothing says the campaign has a coin).
 */
export async function coinAnalytics(
  deps: Pick<Deps, 'db' | 'clock' | 'coinChain'>,
  actor: Actor,
  campaignId: string,
): Promise<CoinAnalytics> {
  const viewer = authorize(actor, 'coin.analytics');
  const { db } = deps;
  const access = viewer ? await loadCampaignAccess(db, viewer, campaignId) : null;
  const r = access?.relation;
  if (!access || !r) throw notFound(TEXT.campaignNotFoundState);
  const team = r.isOwner || r.isAdmin || access.membership?.approved === true;
  const base = {
    campaignId: access.campaign.id,
    title: access.campaign.title,
    movieId: access.film.id,
    filmTitle: access.film.title,
  };
  const chain = deps.coinChain.coins?.chain;
  const deployment = chain
    ? await db
        .select()
        .from(coinDeployments)
        .where(
          and(
            eq(coinDeployments.campaignId, access.campaign.id),
            eq(coinDeployments.chainId, chain.id),
            eq(coinDeployments.status, 'deployed'),
          ),
        )
        .get()
    : undefined;
  // A member pinned in the deployed coin's split earns from its sales after leaving the team, so they
  // see its analytics too (docs/coins.md, "Coin analytics").
  const pinned = deployment?.members.some((m) => m.userId === viewer?.userId) ?? false;
  if (!team && !pinned) throw notFound(TEXT.campaignNotFoundState);
  if (!chain || !deployment) return { ...base, coin: null, figures: null, names: new Map() };
  // Purchases are summed by day in the database; only transfers and releases are read one by one
  // (balances need every transfer, in order). At 10,000 purchases that halves the rows read.
  const where = and(eq(coinEvents.chainId, chain.id), eq(coinEvents.campaignId, access.campaign.id));
  const dayNumber = sql<number>`${coinEvents.blockTime} / 86400000`;
  const [purchaseDays, events] = await Promise.all([
    db
      .select({
        day: dayNumber,
        coins: sql<number>`sum(cast(${coinEvents.amount} as integer))`,
        usdc: sql<string>`cast(sum(cast(${coinEvents.value} as integer)) as text)`,
        purchases: sql<number>`count(*)`,
      })
      .from(coinEvents)
      .where(and(where, eq(coinEvents.kind, 'purchase')))
      .groupBy(dayNumber),
    db
      .select({
        kind: coinEvents.kind,
        blockNumber: coinEvents.blockNumber,
        logIndex: coinEvents.logIndex,
        blockTime: sql<number>`${coinEvents.blockTime}`,
        account: coinEvents.account,
        counterparty: coinEvents.counterparty,
        amount: coinEvents.amount,
        value: coinEvents.value,
      })
      .from(coinEvents)
      .where(and(where, inArray(coinEvents.kind, ['transfer', 'release'])))
      .orderBy(asc(coinEvents.blockNumber), asc(coinEvents.logIndex)),
  ]);
  const figures = coinFigures(
    events.map((e) => ({ ...e, blockTime: Number(e.blockTime) })),
    {
      drop: deployment.dropAddress ?? '',
      vesting: [deployment.teamVestingAddress ?? '', deployment.reserveVestingAddress ?? ''],
    },
    deps.clock.now().toISOString().slice(0, 10),
    purchaseDays.map((p) => ({
      day: Number(p.day),
      coins: Number(p.coins),
      usdc: BigInt(p.usdc ?? '0'),
      purchases: Number(p.purchases),
    })),
  );
  return {
    ...base,
    coin: { name: deployment.name, symbol: deployment.symbol, chainName: chain.name },
    figures,
    names: await shownNames(
      deps,
      figures.topHolders.map((h) => h.address),
    ),
  };
}

/** The usernames of the addresses' owners who chose to show them (migration 0031), by lowercase address. */
async function shownNames({ db }: Pick<Deps, 'db'>, addresses: string[]): Promise<Map<string, string>> {
  if (addresses.length === 0) return new Map();
  const rows = await db
    .select({ address: sql<string>`lower(${walletAddresses.address})`, username: profiles.username })
    .from(walletAddresses)
    .innerJoin(profiles, eq(profiles.userId, walletAddresses.userId))
    .where(and(inArray(sql`lower(${walletAddresses.address})`, addresses), eq(profiles.showCoinHolderName, true)));
  return new Map(rows.map((r) => [r.address, r.username]));
}

/** The same figures as a CSV download: GET /api/campaigns/:id/coin-analytics.csv. */
export async function coinAnalyticsCsv(
  deps: Pick<Deps, 'db' | 'clock' | 'coinChain'>,
  actor: Actor,
  campaignId: string,
): Promise<{ csv: string; fileName: string }> {
  authorize(actor, 'coin.analytics');
  const a = await coinAnalytics(deps, actor, campaignId);
  const figures = a.figures ?? coinFigures([], { drop: '', vesting: [] }, '');
  const symbol = a.coin?.symbol.toLowerCase() ?? 'coin';
  return { csv: coinFiguresCsv(figures, a.names), fileName: `${symbol}-coin-analytics.csv` };
}
