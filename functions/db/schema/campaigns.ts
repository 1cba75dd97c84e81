import { sql } from 'drizzle-orm';
import { check, index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { CAMPAIGN_STATUSES, HISTORY_EVENTS, PAYOUT_STATUSES } from '../../domain/campaigns/status';
import { user } from './auth';
import { videos } from './catalogue';
import { createdAt, id, oneOf, updatedAt } from './columns';

const ms = (name: string) => integer(name, { mode: 'timestamp_ms' });
const bool = (name: string) => integer(name, { mode: 'boolean' });
/** A fresh token per write: the statements of one batch check it to know that their write won. */
const revision = () =>
  text('revision')
    .notNull()
    .$defaultFn(() => crypto.randomUUID());

export const COLLABORATION_TYPES = ['campaign_collaboration'] as const;
/**
 * 'awaiting_invitation': both sides of a marketplace collaboration naming this campaign agreed; the
 * owner's team invitation, once accepted, makes it 'active' (docs/marketplace.md).
 */
export const AGREEMENT_STATUSES = ['active', 'ended', 'awaiting_invitation'] as const;

/**
 * A film's funding campaign (one per film). Amounts are integer cents; shares are integer tenths
 * of a percent (permille); the coin price is in ten-thousandths of a dollar.
 */
export const campaigns = sqliteTable(
  'campaigns',
  {
    id: id(),
    title: text('title').notNull(),
    description: text('description').notNull().default(''),
    movieId: text('movie_id')
      .notNull()
      .references(() => videos.id, { onDelete: 'restrict' }),
    status: text('status', { enum: CAMPAIGN_STATUSES }).notNull().default('active'),
    goalAmount: integer('goal_amount').notNull(),
    currentAmount: integer('current_amount').notNull().default(0),
    fundingIncrement: integer('funding_increment').notNull().default(1_000_000),
    initialGoalAmount: integer('initial_goal_amount').notNull(),
    /** The last day of the campaign, YYYY-MM-DD. */
    endDate: text('end_date').notNull(),
    platformFeePercentage: integer('platform_fee_percentage').notNull().default(10),
    /** The originator's share; contributors' shares are on their rows. */
    originatorSharePermille: integer('originator_share_permille').notNull().default(900),
    /**
     * Names the team's current split (the members' rows, the originator's share, the fee): a fresh
     * token on every change of it. The split is agreed once a share_agreements row carries it.
     */
    splitProposal: text('split_proposal')
      .notNull()
      .default('')
      .$defaultFn(() => crypto.randomUUID()),
    milestoneCount: integer('milestone_count').notNull().default(0),
    creatorCoinsEnabled: bool('creator_coins_enabled').notNull().default(false),
    creatorCoinSymbol: text('creator_coin_symbol').notNull().default('CC'),
    creatorCoinPrice: integer('creator_coin_price').notNull().default(1000),
    creatorCoinDeployed: bool('creator_coin_deployed').notNull().default(false),
    extensionPending: bool('extension_pending').notNull().default(false),
    /** Votes cast in the current extension round (the votes table holds each vote). */
    extensionVotes: integer('extension_votes').notNull().default(0),
    /** JSON array of the fields an edit of a reviewed campaign changed. */
    changedFields: text('changed_fields', { mode: 'json' }).$type<string[]>(),
    /** JSON object of those fields' values before the edit. */
    previousValues: text('previous_values', { mode: 'json' }).$type<Record<string, unknown>>(),
    changeSummary: text('change_summary'),
    needsAdminReapproval: bool('needs_admin_reapproval').notNull().default(false),
    /** Where an admin's approval sends a campaign that went back to review (live or approved); null: approved. */
    reviewReturnsTo: text('review_returns_to', { enum: CAMPAIGN_STATUSES }),
    /** The status a paused campaign resumes to. */
    pausedFrom: text('paused_from', { enum: CAMPAIGN_STATUSES }),
    submittedAt: ms('submitted_at'),
    rejectionReason: text('rejection_reason'),
    lastEditedAt: ms('last_edited_at'),
    createdBy: text('created_by').references(() => user.id, { onDelete: 'set null' }),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    check('campaigns_status_ck', sql`${t.status} in (${oneOf(CAMPAIGN_STATUSES)})`),
    check('campaigns_paused_from_ck', sql`${t.pausedFrom} is null or ${t.pausedFrom} in (${oneOf(CAMPAIGN_STATUSES)})`),
    check(
      'campaigns_review_returns_to_ck',
      sql`${t.reviewReturnsTo} is null or ${t.reviewReturnsTo} in (${oneOf(CAMPAIGN_STATUSES)})`,
    ),
    check('campaigns_goal_ck', sql`${t.goalAmount} > 0 and ${t.initialGoalAmount} > 0`),
    check('campaigns_current_ck', sql`${t.currentAmount} >= 0`),
    check('campaigns_increment_ck', sql`${t.fundingIncrement} > 0`),
    check('campaigns_fee_ck', sql`${t.platformFeePercentage} between 0 and 100`),
    check('campaigns_originator_share_ck', sql`${t.originatorSharePermille} between 0 and 1000`),
    check('campaigns_milestones_ck', sql`${t.milestoneCount} >= 0 and ${t.extensionVotes} >= 0`),
    check('campaigns_coin_symbol_ck', sql`length(${t.creatorCoinSymbol}) between 1 and 6`),
    check('campaigns_coin_price_ck', sql`${t.creatorCoinPrice} >= 100`),
    check('campaigns_end_date_ck', sql`${t.endDate} glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]'`),
    uniqueIndex('campaigns_movie_uq').on(t.movieId),
    index('campaigns_status_idx').on(t.status, t.submittedAt),
    // The admin's campaigns by status, newest first (docs/admin-tools.md, "Lists").
    index('campaigns_status_created_idx').on(t.status, t.createdAt, t.id),
  ],
);

/** A team member of a campaign (the originator is the film's owner and has no row). */
export const campaignContributors = sqliteTable(
  'campaign_contributors',
  {
    id: id(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    contributorId: text('contributor_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    sharePermille: integer('share_permille').notNull().default(0),
    role: text('role').notNull(),
    approved: bool('approved').notNull().default(false),
    approvedAt: ms('approved_at'),
    invitedBy: text('invited_by').references(() => user.id, { onDelete: 'set null' }),
    /** The username when invited, shown if the profile is gone. */
    username: text('username'),
    revision: revision(),
    createdAt: createdAt(),
  },
  (t) => [
    check('campaign_contributors_share_ck', sql`${t.sharePermille} between 0 and 1000`),
    check('campaign_contributors_role_ck', sql`length(${t.role}) between 1 and 60`),
    uniqueIndex('campaign_contributors_member_uq').on(t.campaignId, t.contributorId),
    index('campaign_contributors_user_idx').on(t.contributorId, t.approved),
  ],
);

export const campaignMilestones = sqliteTable(
  'campaign_milestones',
  {
    id: id(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    milestoneNumber: integer('milestone_number').notNull(),
    goalAmount: integer('goal_amount').notNull(),
    reachedAt: ms('reached_at'),
    payoutStatus: text('payout_status', { enum: PAYOUT_STATUSES }).notNull().default('pending'),
    /** The agreed version in force when the milestone was reached: its members vote. */
    shareVersion: integer('share_version'),
    createdAt: createdAt(),
  },
  (t) => [
    check('campaign_milestones_payout_ck', sql`${t.payoutStatus} in (${oneOf(PAYOUT_STATUSES)})`),
    check('campaign_milestones_number_ck', sql`${t.milestoneNumber} >= 1`),
    check('campaign_milestones_goal_ck', sql`${t.goalAmount} > 0`),
    uniqueIndex('campaign_milestones_number_uq').on(t.campaignId, t.milestoneNumber),
  ],
);

/** Written when an invitee joins: the owner (user a) and the member (user b) both agreed. */
export const partnershipAgreements = sqliteTable(
  'partnership_agreements',
  {
    id: id(),
    userAId: text('user_a_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    userBId: text('user_b_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    campaignId: text('campaign_id').references(() => campaigns.id, { onDelete: 'set null' }),
    projectTitle: text('project_title').notNull(),
    projectDescription: text('project_description').notNull().default(''),
    collaborationType: text('collaboration_type', { enum: COLLABORATION_TYPES }).notNull(),
    status: text('status', { enum: AGREEMENT_STATUSES }).notNull().default('active'),
    userAAgreed: bool('user_a_agreed').notNull().default(false),
    userBAgreed: bool('user_b_agreed').notNull().default(false),
    bothAgreedAt: ms('both_agreed_at'),
    conversationId: text('conversation_id'),
    createdAt: createdAt(),
  },
  (t) => [
    check('partnership_type_ck', sql`${t.collaborationType} in (${oneOf(COLLABORATION_TYPES)})`),
    check('partnership_status_ck', sql`${t.status} in (${oneOf(AGREEMENT_STATUSES)})`),
    uniqueIndex('partnership_campaign_member_uq').on(t.campaignId, t.userBId),
    index('partnership_user_a_idx').on(t.userAId),
    index('partnership_user_b_idx').on(t.userBId),
  ],
);

/** One vote per team member per milestone round: true extends, false completes; no row = not yet voted. */
export const campaignExtensionVotes = sqliteTable(
  'campaign_extension_votes',
  {
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    round: integer('round').notNull(),
    userId: text('user_id')
      .notNull()
      .references(() => user.id, { onDelete: 'cascade' }),
    vote: bool('vote').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.round, t.userId] })],
);

/**
 * Every write to a campaign: who, when, from which status to which, why. A status change has
 * from ≠ to; team and settings changes keep the status and say what happened in `event`.
 */
export const campaignStatusHistory = sqliteTable(
  'campaign_status_history',
  {
    id: id(),
    campaignId: text('campaign_id')
      .notNull()
      .references(() => campaigns.id, { onDelete: 'cascade' }),
    actorId: text('actor_id').references(() => user.id, { onDelete: 'set null' }),
    event: text('event', { enum: HISTORY_EVENTS }).notNull(),
    fromStatus: text('from_status', { enum: CAMPAIGN_STATUSES }),
    toStatus: text('to_status', { enum: CAMPAIGN_STATUSES }).notNull(),
    reason: text('reason'),
    createdAt: createdAt(),
  },
  (t) => [
    check('campaign_history_event_ck', sql`${t.event} in (${oneOf(HISTORY_EVENTS)})`),
    check('campaign_history_to_ck', sql`${t.toStatus} in (${oneOf(CAMPAIGN_STATUSES)})`),
    index('campaign_history_campaign_idx').on(t.campaignId, t.createdAt),
  ],
);
