import { and, eq, sql } from 'drizzle-orm';
import { type Address, type Hex, parseEventLogs } from 'viem';
import { type Actor, authorize } from '../../auth/authorize';
import { chainClients } from '../../chain/client';
import { coinDropProceedsAbi, memberVestingCollectAbi } from '../../chain/collect-abi';
import { readInTime } from '../../chain/read-in-time';
import { type CoinDeploymentRow, campaigns, coinDeployments } from '../../db/schema';
import { UnitOfWork } from '../../db/unit-of-work';
import { COIN_COLLECT_TEXT as T } from '../../domain/coins/collect-texts';
import { coinReceiptInput } from '../../domain/coins/input';
import { formatCoinUnits, formatUsdc } from '../../domain/coins/usdc';
import { conflict, notFound } from '../../domain/errors';
import { fillText } from '../../domain/fill-text';
import { parseInput } from '../../domain/input';
import type { Deps } from '../../platform/deps';
import { notifyWhen, onceId } from '../notifications';

const ALWAYS = sql`1 = 1`;
const same = (a: string | null | undefined, b: string | null | undefined) =>
  !!a && !!b && a.toLowerCase() === b.toLowerCase();
const contractWords = (key: 'team' | 'reserve') => (key === 'team' ? T.collectTeam : T.collectReserve).toLowerCase();

async function deployedCoins(deps: Deps, chainId: number) {
  return deps.db
    .select({ deployment: coinDeployments, title: campaigns.title })
    .from(coinDeployments)
    .innerJoin(campaigns, eq(campaigns.id, coinDeployments.campaignId))
    .where(and(eq(coinDeployments.chainId, chainId), eq(coinDeployments.status, 'deployed')));
}

/**
 * A withdrawal or release someone sent from /creator-token-management, told to the server by its hash:
 * the server reads the receipt from the chain itself and, for each `Withdrawn` of a known sale and each
 * `Released` of a known vesting contract that pays a pinned member, notifies that member (type
 * creator_coin, topic coin-withdrawn / coin-released) once per event however often it is told, and
 * asks the chain's indexer for a run.
 * 404 for a transaction the chain does not know; 409 for one that reverted.
 */
export async function recordCoinReceipt(deps: Deps, actor: Actor, raw: unknown): Promise<{ notified: number }> {
  authorize(actor, 'coin.record-receipt');
  const input = parseInput(coinReceiptInput, raw);
  const coins = deps.coinChain.coins;
  if (!coins) throw notFound('Creator coins are not enabled on this server.');
  const { client } = chainClients(coins);
  const read = await readInTime(client.getTransactionReceipt({ hash: input.txHash as Hex }));
  if ('error' in read) throw notFound('No such transaction on the coins’ chain.');
  const receipt = read.value;
  if (receipt.status !== 'success') throw conflict(`Transaction ${input.txHash} reverted.`);
  const deployed = await deployedCoins(deps, coins.chain.id);
  const uow = new UnitOfWork(deps, actor);
  let notified = 0;
  const moved = new Set<string>();
  const tell = async (
    d: CoinDeploymentRow,
    who: string,
    logIndex: number,
    topic: 'coin-withdrawn' | 'coin-released',
    message: string,
  ) => {
    moved.add(d.campaignId);
    const member = d.members.find((m) => same(m.address, who));
    if (!member) return;
    notified += 1;
    notifyWhen(
      uow,
      deps.bell,
      {
        userId: member.userId,
        type: 'creator_coin',
        topic,
        title: topic === 'coin-withdrawn' ? T.noticeWithdrawnTitle : T.noticeReleasedTitle,
        message,
        campaignId: d.campaignId,
      },
      ALWAYS,
      await onceId(`${topic}:${coins.chain.id}:${receipt.transactionHash}:${logIndex}:${member.userId}`),
    );
  };
  for (const e of parseEventLogs({ abi: coinDropProceedsAbi, eventName: 'Withdrawn', logs: receipt.logs })) {
    const row = deployed.find((r) => same(r.deployment.dropAddress, e.address));
    if (!row) continue;
    const d = row.deployment;
    await tell(
      d,
      e.args.payee,
      e.logIndex,
      'coin-withdrawn',
      fillText(T.noticeWithdrawn, {
        amount: formatUsdc(e.args.amount),
        symbol: d.symbol,
        title: row.title,
        payee: e.args.payee,
      }),
    );
  }
  for (const e of parseEventLogs({ abi: memberVestingCollectAbi, eventName: 'Released', logs: receipt.logs })) {
    const row = deployed.find(
      (r) => same(r.deployment.teamVestingAddress, e.address) || same(r.deployment.reserveVestingAddress, e.address),
    );
    if (!row) continue;
    const d = row.deployment;
    const key = same(d.teamVestingAddress, e.address) ? 'team' : 'reserve';
    await tell(
      d,
      e.args.member,
      e.logIndex,
      'coin-released',
      fillText(T.noticeReleased, {
        amount: formatCoinUnits(e.args.amount),
        symbol: d.symbol,
        title: row.title,
        contract: contractWords(key),
        payee: e.args.member,
      }),
    );
  }
  if (uow.size > 0) await uow.commit();
  // The Coins tab reads the index: a withdrawal or release made here is indexed now, as a purchase is
  // (best-effort, limited per coin by the indexer; docs/coins.md, "The index").
  const { indexer } = deps.coinChain;
  if (indexer) await Promise.all([...moved].map((id) => indexer.nudge(id).catch(() => undefined)));
  return { notified };
}

/**
 * The hourly job's part (functions/scheduled.ts): each pinned member of a deployed coin whose vesting
 * contract's cliff has passed on the chain (its latest block's time) is told once that their coins have
 * started to unlock (type creator_coin, topic coin-releasable; one fixed id per chain, contract and member).
 */
export async function noticeReleasableCoins(deps: Deps, actor: Actor): Promise<{ notified: number }> {
  authorize(actor, 'coin.notice-releasable');
  const coins = deps.coinChain.coins;
  if (!coins) return { notified: 0 };
  const deployed = await deployedCoins(deps, coins.chain.id);
  if (deployed.length === 0) return { notified: 0 };
  const { client } = chainClients(coins);
  const read = await readInTime(
    (async () => {
      const block = await client.getBlock({ blockTag: 'latest' });
      const cliffs = await Promise.all(
        deployed.flatMap(({ deployment: d }) =>
          [d.teamVestingAddress, d.reserveVestingAddress].map((address) =>
            client.readContract({
              address: address as Address,
              abi: memberVestingCollectAbi,
              functionName: 'cliffEnd',
            }),
          ),
        ),
      );
      return { now: block.timestamp, cliffs };
    })(),
  );
  if ('error' in read) return { notified: 0 };
  const uow = new UnitOfWork(deps, actor);
  let notified = 0;
  for (const [i, { deployment: d, title }] of deployed.entries()) {
    for (const [j, key] of (['team', 'reserve'] as const).entries()) {
      const cliff = read.value.cliffs[i * 2 + j] ?? 0n;
      if (read.value.now < cliff) continue;
      const contract = (key === 'team' ? d.teamVestingAddress : d.reserveVestingAddress) as string;
      for (const m of d.members) {
        notified += 1;
        notifyWhen(
          uow,
          deps.bell,
          {
            userId: m.userId,
            type: 'creator_coin',
            topic: 'coin-releasable',
            title: T.noticeReleasableTitle,
            message: fillText(T.noticeReleasable, { contract: contractWords(key), symbol: d.symbol, title }),
            campaignId: d.campaignId,
          },
          ALWAYS,
          await onceId(`coin-releasable:${coins.chain.id}:${contract.toLowerCase()}:${m.userId}`),
        );
      }
    }
  }
  if (uow.size > 0) await uow.commit();
  return { notified };
}
