import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text } from 'drizzle-orm/sqlite-core';
import { campaigns } from './campaigns';
import { oneOf } from './columns';

/** The four contracts of a deployed coin, as the indexer follows them (docs/coins.md, "The index"). */
export const COIN_CONTRACT_KINDS = ['coin', 'drop', 'team-vesting', 'reserve-vesting'] as const;
export type CoinContractKind = (typeof COIN_CONTRACT_KINDS)[number];

/** The events copied from the chain: `Purchased` and `Withdrawn` (sale), `Transfer` (coin), `Released` (vesting). */
export const COIN_EVENT_KINDS = ['purchase', 'transfer', 'withdrawal', 'release'] as const;
export type CoinEventKind = (typeof COIN_EVENT_KINDS)[number];

/**
 * One cursor per contract the indexer follows: the first block not yet indexed. Moved only in the
 * batch that writes that range's events and block hashes, so a run stopped at any point resumes here.
 */
export const coinIndexCursors = sqliteTable(
  'coin_index_cursors',
  {
    chainId: integer('chain_id').notNull(),
    /** Lowercase 0x address. */
    address: text('address').notNull(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contract: text('contract', { enum: COIN_CONTRACT_KINDS }).notNull(),
    nextBlock: integer('next_block').notNull(),
    updatedAt: integer('updated_at', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.address] }),
    index('coin_index_cursors_campaign_idx').on(t.campaignId),
    check('coin_index_cursors_contract_ck', sql`${t.contract} in (${oneOf(COIN_CONTRACT_KINDS)})`),
  ],
);

/** The hash of each block the indexer read (a range's last block and every block with an event): a reorg shows as a mismatch. */
export const coinIndexBlocks = sqliteTable(
  'coin_index_blocks',
  {
    chainId: integer('chain_id').notNull(),
    number: integer('number').notNull(),
    hash: text('hash').notNull(),
    /** The block's time (ms). */
    time: integer('time', { mode: 'timestamp_ms' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.chainId, t.number] })],
);

/**
 * Our coin contracts' events, once each: the key is the log's place on the chain (chain, transaction,
 * log index), so a log delivered twice is one row. Amounts are decimal text in the token's units
 * (a purchase's `amount` is whole coins, its `value` USDC units; a transfer's or release's `amount`
 * the coin's 18-decimal units; a withdrawal's `value` USDC units).
 */
export const coinEvents = sqliteTable(
  'coin_events',
  {
    chainId: integer('chain_id').notNull(),
    txHash: text('tx_hash').notNull(),
    logIndex: integer('log_index').notNull(),
    blockNumber: integer('block_number').notNull(),
    blockTime: integer('block_time', { mode: 'timestamp_ms' }).notNull(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    /** The contract that emitted it (lowercase). */
    contract: text('contract').notNull(),
    kind: text('kind', { enum: COIN_EVENT_KINDS }).notNull(),
    /** Buyer, sender, payee or member (lowercase). */
    account: text('account').notNull(),
    /** A transfer's receiver (lowercase). */
    counterparty: text('counterparty'),
    amount: text('amount').notNull().default('0'),
    value: text('value').notNull().default('0'),
  },
  (t) => [
    primaryKey({ columns: [t.chainId, t.txHash, t.logIndex] }),
    index('coin_events_campaign_idx').on(t.campaignId, t.kind, t.blockNumber),
    // A wallet's holdings (/account): its transfers out and in, per chain (docs/coins.md, "Holdings").
    index('coin_events_account_idx').on(t.chainId, t.account, t.kind),
    index('coin_events_counterparty_idx').on(t.chainId, t.counterparty, t.kind),
    index('coin_events_block_idx').on(t.chainId, t.blockNumber),
    check('coin_events_kind_ck', sql`${t.kind} in (${oneOf(COIN_EVENT_KINDS)})`),
  ],
);

export type CoinEventRow = typeof coinEvents.$inferSelect;
