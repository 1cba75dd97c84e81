import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { campaigns } from './campaigns';
import { oneOf } from './columns';

const ms = (name: string) => integer(name, { mode: 'timestamp_ms' });

export const COIN_DEPLOYMENT_STATUSES = ['deploying', 'deployed', 'failed'] as const;
export type CoinDeploymentStatus = (typeof COIN_DEPLOYMENT_STATUSES)[number];

/** A member of a deployed coin as pinned at deployment: their account, address and agreed share. */
export interface PinnedMember {
  userId: string;
  username: string;
  address: string;
  sharePermille: number;
}

/**
 * A campaign's creator coin on one chain: written by the deployer (functions/chain/deployer-object.ts)
 * when it sends the transaction (`deploying`, with the members and the agreed version it pins), and
 * once mined, with the four contracts' addresses (`deployed`), in the same batch that sets
 * `campaigns.creator_coin_deployed`; `failed` keeps the reason until a retry.
 */
export const coinDeployments = sqliteTable(
  'coin_deployments',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    status: text('status', { enum: COIN_DEPLOYMENT_STATUSES }).notNull(),
    /** The agreed split (share_agreements.version) the coin pays by, whatever the team agrees later. */
    agreementVersion: integer('agreement_version').notNull(),
    /** The coin's ERC-20 name, as sent (a local restart deploys it again with exactly these settings). */
    name: text('name').notNull(),
    symbol: text('symbol').notNull(),
    /** Ten-thousandths of a dollar. */
    price: integer('price').notNull(),
    feePercent: integer('fee_percent').notNull(),
    /** JSON: the members in the factory's order (originator first), as pinned. */
    members: text('members', { mode: 'json' }).$type<PinnedMember[]>().notNull(),
    txHash: text('tx_hash'),
    coinAddress: text('coin_address'),
    dropAddress: text('drop_address'),
    teamVestingAddress: text('team_vesting_address'),
    reserveVestingAddress: text('reserve_vesting_address'),
    /** Why the last attempt failed (shown to admins). */
    error: text('error'),
    startedAt: ms('started_at').notNull(),
    deployedAt: ms('deployed_at'),
  },
  (t) => [
    primaryKey({ columns: [t.campaignId, t.chainId] }),
    index('coin_deployments_chain_idx').on(t.chainId, t.status),
    check('coin_deployments_status_ck', sql`${t.status} in (${oneOf(COIN_DEPLOYMENT_STATUSES)})`),
    check(
      'coin_deployments_addresses_ck',
      sql`${t.status} <> 'deployed' or (${t.coinAddress} is not null and ${t.dropAddress} is not null and ${t.teamVestingAddress} is not null and ${t.reserveVestingAddress} is not null)`,
    ),
  ],
);

export type CoinDeploymentRow = typeof coinDeployments.$inferSelect;
