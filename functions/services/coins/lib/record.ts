import { and, eq, inArray, ne } from 'drizzle-orm';
import type { Actor } from '../../../auth/authorize';
import type { DeployJob } from '../../../chain/deploy-job';
import type { CampaignContracts } from '../../../chain/factory-calls';
import { type CoinDeploymentRow, campaigns, coinDeployments, userRoles, walletLinks } from '../../../db/schema';
import { UnitOfWork } from '../../../db/unit-of-work';
import type { Deps } from '../../../platform/deps';
import { notify } from '../../notifications';

export type { DeployJob, DeployOutcome } from '../../../chain/deploy-job';

export const deploymentOf = (db: Deps['db'], campaignId: string, chainId: number) =>
  db
    .select()
    .from(coinDeployments)
    .where(and(eq(coinDeployments.campaignId, campaignId), eq(coinDeployments.chainId, chainId)))
    .get();

const pinned = (job: DeployJob) => ({
  agreementVersion: job.agreementVersion,
  name: job.name,
  symbol: job.symbol,
  price: job.price,
  feePercent: job.feePercent,
  members: job.members,
});

/** Before the transaction is sent: the attempt, with the members and the version it pins. */
export async function markDeploying({ db }: Pick<Deps, 'db'>, job: DeployJob, startedAt: Date) {
  const row = { ...pinned(job), status: 'deploying' as const, txHash: null, error: null, startedAt };
  await db
    .insert(coinDeployments)
    .values({ campaignId: job.campaignId, chainId: job.chainId, ...row })
    .onConflictDoUpdate({ target: [coinDeployments.campaignId, coinDeployments.chainId], set: row });
}

/**
 * The pinned members whose wallet on the job's chain is no longer the one the checks saw. Read after
 * markDeploying: from then on the unlink guard (services/wallets/internal/unlink-guards.ts) refuses
 * every unlink, so an unlink either landed before this read and is seen here, or is refused.
 */
export async function membersUnlinked({ db }: Pick<Deps, 'db'>, job: DeployJob) {
  const links = await db
    .select({ userId: walletLinks.userId, address: walletLinks.address })
    .from(walletLinks)
    .where(
      and(
        eq(walletLinks.chainId, job.chainId),
        inArray(
          walletLinks.userId,
          job.members.map((m) => m.userId),
        ),
      ),
    );
  const linked = new Set(links.map((l) => `${l.userId} ${l.address.toLowerCase()}`));
  return job.members.filter((m) => !linked.has(`${m.userId} ${m.address.toLowerCase()}`));
}

export async function markSent({ db }: Pick<Deps, 'db'>, job: DeployJob, txHash: string) {
  await db
    .update(coinDeployments)
    .set({ txHash })
    .where(and(eq(coinDeployments.campaignId, job.campaignId), eq(coinDeployments.chainId, job.chainId)));
}

export async function markFailed({ db }: Pick<Deps, 'db'>, job: DeployJob, error: string) {
  await db
    .update(coinDeployments)
    .set({ status: 'failed', error })
    .where(
      and(
        eq(coinDeployments.campaignId, job.campaignId),
        eq(coinDeployments.chainId, job.chainId),
        ne(coinDeployments.status, 'deployed'),
      ),
    );
}

/**
 * The mined deployment, in one batch: the four addresses on the campaign's row for this chain,
 * `creator_coin_deployed`, a notification to each member of the pinned split and each admin, and
 * the audit row of the admin who asked for it (`by`).
 */
export async function recordDeployed(
  deps: Pick<Deps, 'db' | 'bell' | 'clock' | 'followUps'>,
  by: Actor,
  job: DeployJob,
  contracts: CampaignContracts,
  txHash: string | null,
): Promise<CoinDeploymentRow> {
  const { db, bell } = deps;
  const now = deps.clock.now();
  const set = {
    ...pinned(job),
    status: 'deployed' as const,
    txHash,
    coinAddress: contracts.coin,
    dropAddress: contracts.drop,
    teamVestingAddress: contracts.teamVesting,
    reserveVestingAddress: contracts.reserveVesting,
    error: null,
    deployedAt: now,
  };
  const admins = await db.select({ userId: userRoles.userId }).from(userRoles).where(eq(userRoles.role, 'admin'));
  const uow = new UnitOfWork(deps, by);
  uow.add(
    db
      .insert(coinDeployments)
      .values({ campaignId: job.campaignId, chainId: job.chainId, startedAt: now, ...set })
      .onConflictDoUpdate({ target: [coinDeployments.campaignId, coinDeployments.chainId], set })
      .returning(),
    db.update(campaigns).set({ creatorCoinDeployed: true }).where(eq(campaigns.id, job.campaignId)),
  );
  const recipients = new Set([...job.members.map((m) => m.userId), ...admins.map((a) => a.userId)]);
  for (const userId of recipients)
    notify(uow, bell, {
      userId,
      type: 'creator_coin',
      title: 'Creator coin deployed',
      message: `${job.symbol}, the coin of “${job.title}”, is live on ${job.chainName}.`,
      campaignId: job.campaignId,
    });
  uow.audit({
    verb: 'deployCreatorCoin',
    resourceType: 'coin',
    resourceId: job.campaignId,
    summary: `Deployed ${job.symbol}, the coin of “${job.title}”, on ${job.chainName} (${contracts.coin})`,
  });
  const [rows] = (await uow.commit()) as [CoinDeploymentRow[]];
  return rows[0] as CoinDeploymentRow;
}
