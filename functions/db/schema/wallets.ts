import { foreignKey, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { user } from './auth';
import { createdAt } from './columns';

const ms = (name: string) => integer(name, { mode: 'timestamp_ms' });

/**
 * Sign-In-with-Ethereum nonces: issued to one account, valid until `expires_at`, used at most once
 * (`used_at` is set by the one statement that consumes it). Used rows stay for a while: the issue
 * rate is counted from them.
 */
export const walletNonces = sqliteTable(
  'wallet_nonces',
  {
    nonce: text('nonce').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: ms('expires_at').notNull(),
    usedAt: ms('used_at'),
    /** Set with used_at by the consuming statement; the rest of its batch checks it to know it won. */
    usedBy: text('used_by'),
  },
  (t) => [index('wallet_nonces_user_created_idx').on(t.userId, t.createdAt)],
);

/** Which account an address belongs to: the primary key makes it at most one, whatever the chain. */
export const walletAddresses = sqliteTable(
  'wallet_addresses',
  {
    /** Checksummed (EIP-55). */
    address: text('address').primaryKey(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
  },
  // (address, user_id) is what a link refers to, so a link can only name an address of its own account.
  (t) => [
    index('wallet_addresses_user_idx').on(t.userId),
    uniqueIndex('wallet_addresses_owner_uq').on(t.address, t.userId),
  ],
);

/** An account's wallet on one chain: at most one per account and chain, proven by a signed message. */
export const walletLinks = sqliteTable(
  'wallet_links',
  {
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    chainId: integer('chain_id').notNull(),
    address: text('address').notNull(),
    linkedAt: ms('linked_at').notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.chainId] }),
    index('wallet_links_address_idx').on(t.address),
    foreignKey({
      columns: [t.address, t.userId],
      foreignColumns: [walletAddresses.address, walletAddresses.userId],
    }).onDelete('cascade'),
  ],
);

export type WalletLinkRow = typeof walletLinks.$inferSelect;
