import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { campaigns } from './campaigns';
import { createdAt, id } from './columns';

/**
 * A split the whole team agreed: version N of a campaign's share agreement (the fee, the
 * originator, and on share_agreement_members every member's role and share). Written in the batch
 * in which the last member of a proposal approved it, keyed by that proposal (the campaign's
 * split_proposal token), and never edited: triggers refuse updates (migration 0010).
 */
export const shareAgreements = sqliteTable(
  'share_agreements',
  {
    id: id(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    version: integer('version').notNull(),
    /** The campaigns.split_proposal this version agreed: one version per proposal. */
    proposal: text('proposal').notNull(),
    feePercent: integer('fee_percent').notNull(),
    /** The film's owner when agreed; the leftover cents of this version's money go to them. */
    originatorId: text('originator_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    check('share_agreements_version_ck', sql`${t.version} >= 1`),
    check('share_agreements_fee_ck', sql`${t.feePercent} between 0 and 100`),
    uniqueIndex('share_agreements_version_uq').on(t.campaignId, t.version),
    uniqueIndex('share_agreements_proposal_uq').on(t.campaignId, t.proposal),
  ],
);

/** The members of an agreed version, the originator included. No foreign key to users: a record of what was agreed. */
export const shareAgreementMembers = sqliteTable(
  'share_agreement_members',
  {
    agreementId: text('agreement_id')
      .notNull()
      .references(() => shareAgreements.id, { onDelete: 'cascade' }),
    userId: text('user_id').notNull(),
    /** The username when agreed. */
    username: text('username'),
    role: text('role').notNull(),
    sharePermille: integer('share_permille').notNull(),
    isOriginator: integer('is_originator', { mode: 'boolean' }).notNull().default(false),
  },
  (t) => [
    primaryKey({ columns: [t.agreementId, t.userId] }),
    check('share_agreement_members_share_ck', sql`${t.sharePermille} between 0 and 1000`),
    index('share_agreement_members_user_idx').on(t.userId),
  ],
);

/**
 * What one release paid under each version (written with its `release:` ledger group): the gross
 * of the payments it claimed that were raised under that version. Version 0 marks a release made
 * before agreements were versioned (paid by the team of the time; `ledger:check` does not re-derive it).
 */
export const releasePortions = sqliteTable(
  'release_portions',
  {
    /** The release group's idempotency key. */
    releaseKey: text('release_key').notNull(),
    campaignId: text('campaign_id').notNull(),
    shareVersion: integer('share_version').notNull(),
    grossCents: integer('gross_cents').notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    primaryKey({ columns: [t.releaseKey, t.shareVersion] }),
    check('release_portions_gross_ck', sql`${t.grossCents} > 0`),
    index('release_portions_campaign_idx').on(t.campaignId),
  ],
);
