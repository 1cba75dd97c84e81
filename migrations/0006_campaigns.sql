CREATE TABLE `campaign_contributors` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`contributor_id` text NOT NULL,
	`share_permille` integer DEFAULT 0 NOT NULL,
	`role` text NOT NULL,
	`approved` integer DEFAULT false NOT NULL,
	`approved_at` integer,
	`invited_by` text,
	`username` text,
	`revision` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`contributor_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`invited_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "campaign_contributors_share_ck" CHECK("campaign_contributors"."share_permille" between 0 and 1000),
	CONSTRAINT "campaign_contributors_role_ck" CHECK(length("campaign_contributors"."role") between 1 and 60)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_contributors_member_uq` ON `campaign_contributors` (`campaign_id`,`contributor_id`);--> statement-breakpoint
CREATE INDEX `campaign_contributors_user_idx` ON `campaign_contributors` (`contributor_id`,`approved`);--> statement-breakpoint
CREATE TABLE `campaign_extension_votes` (
	`campaign_id` text NOT NULL,
	`round` integer NOT NULL,
	`user_id` text NOT NULL,
	`vote` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`campaign_id`, `round`, `user_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `campaign_milestones` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`milestone_number` integer NOT NULL,
	`goal_amount` integer NOT NULL,
	`reached_at` integer,
	`payout_status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "campaign_milestones_payout_ck" CHECK("campaign_milestones"."payout_status" in ('pending', 'processing', 'completed', 'failed')),
	CONSTRAINT "campaign_milestones_number_ck" CHECK("campaign_milestones"."milestone_number" >= 1),
	CONSTRAINT "campaign_milestones_goal_ck" CHECK("campaign_milestones"."goal_amount" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaign_milestones_number_uq` ON `campaign_milestones` (`campaign_id`,`milestone_number`);--> statement-breakpoint
CREATE TABLE `campaign_status_history` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`actor_id` text,
	`event` text NOT NULL,
	`from_status` text,
	`to_status` text NOT NULL,
	`reason` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`actor_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "campaign_history_event_ck" CHECK("campaign_status_history"."event" in ('created', 'edited', 'sent_to_review', 'extended', 'submitted', 'approved', 'rejected', 'launched', 'paused', 'resumed', 'status_set', 'member_added', 'member_removed', 'member_joined', 'member_declined', 'share_approved', 'coins_updated')),
	CONSTRAINT "campaign_history_to_ck" CHECK("campaign_status_history"."to_status" in ('pending', 'active', 'pending_approval', 'approved', 'live', 'paused', 'completed', 'rejected', 'cancelled'))
);
--> statement-breakpoint
CREATE INDEX `campaign_history_campaign_idx` ON `campaign_status_history` (`campaign_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `campaigns` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`movie_id` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`goal_amount` integer NOT NULL,
	`current_amount` integer DEFAULT 0 NOT NULL,
	`funding_increment` integer DEFAULT 1000000 NOT NULL,
	`initial_goal_amount` integer NOT NULL,
	`end_date` text NOT NULL,
	`platform_fee_percentage` integer DEFAULT 10 NOT NULL,
	`originator_share_permille` integer DEFAULT 900 NOT NULL,
	`milestone_count` integer DEFAULT 0 NOT NULL,
	`creator_coins_enabled` integer DEFAULT false NOT NULL,
	`creator_coin_symbol` text DEFAULT 'CC' NOT NULL,
	`creator_coin_price` integer DEFAULT 1000 NOT NULL,
	`creator_coin_deployed` integer DEFAULT false NOT NULL,
	`extension_pending` integer DEFAULT false NOT NULL,
	`extension_votes` integer DEFAULT 0 NOT NULL,
	`changed_fields` text,
	`previous_values` text,
	`change_summary` text,
	`needs_admin_reapproval` integer DEFAULT false NOT NULL,
	`review_returns_to` text,
	`paused_from` text,
	`submitted_at` integer,
	`rejection_reason` text,
	`last_edited_at` integer,
	`created_by` text,
	`revision` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`movie_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`created_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "campaigns_status_ck" CHECK("campaigns"."status" in ('pending', 'active', 'pending_approval', 'approved', 'live', 'paused', 'completed', 'rejected', 'cancelled')),
	CONSTRAINT "campaigns_paused_from_ck" CHECK("campaigns"."paused_from" is null or "campaigns"."paused_from" in ('pending', 'active', 'pending_approval', 'approved', 'live', 'paused', 'completed', 'rejected', 'cancelled')),
	CONSTRAINT "campaigns_review_returns_to_ck" CHECK("campaigns"."review_returns_to" is null or "campaigns"."review_returns_to" in ('pending', 'active', 'pending_approval', 'approved', 'live', 'paused', 'completed', 'rejected', 'cancelled')),
	CONSTRAINT "campaigns_goal_ck" CHECK("campaigns"."goal_amount" > 0 and "campaigns"."initial_goal_amount" > 0),
	CONSTRAINT "campaigns_current_ck" CHECK("campaigns"."current_amount" >= 0),
	CONSTRAINT "campaigns_increment_ck" CHECK("campaigns"."funding_increment" > 0),
	CONSTRAINT "campaigns_fee_ck" CHECK("campaigns"."platform_fee_percentage" between 0 and 100),
	CONSTRAINT "campaigns_originator_share_ck" CHECK("campaigns"."originator_share_permille" between 0 and 1000),
	CONSTRAINT "campaigns_milestones_ck" CHECK("campaigns"."milestone_count" >= 0 and "campaigns"."extension_votes" >= 0),
	CONSTRAINT "campaigns_coin_symbol_ck" CHECK(length("campaigns"."creator_coin_symbol") between 1 and 6),
	CONSTRAINT "campaigns_coin_price_ck" CHECK("campaigns"."creator_coin_price" >= 100),
	CONSTRAINT "campaigns_end_date_ck" CHECK("campaigns"."end_date" glob '[0-9][0-9][0-9][0-9]-[0-9][0-9]-[0-9][0-9]')
);
--> statement-breakpoint
CREATE UNIQUE INDEX `campaigns_movie_uq` ON `campaigns` (`movie_id`);--> statement-breakpoint
CREATE INDEX `campaigns_status_idx` ON `campaigns` (`status`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `partnership_agreements` (
	`id` text PRIMARY KEY NOT NULL,
	`user_a_id` text NOT NULL,
	`user_b_id` text NOT NULL,
	`campaign_id` text,
	`project_title` text NOT NULL,
	`project_description` text DEFAULT '' NOT NULL,
	`collaboration_type` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`user_a_agreed` integer DEFAULT false NOT NULL,
	`user_b_agreed` integer DEFAULT false NOT NULL,
	`both_agreed_at` integer,
	`conversation_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_a_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_b_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "partnership_type_ck" CHECK("partnership_agreements"."collaboration_type" in ('campaign_collaboration')),
	CONSTRAINT "partnership_status_ck" CHECK("partnership_agreements"."status" in ('active', 'ended'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `partnership_campaign_member_uq` ON `partnership_agreements` (`campaign_id`,`user_b_id`);--> statement-breakpoint
CREATE INDEX `partnership_user_a_idx` ON `partnership_agreements` (`user_a_id`);--> statement-breakpoint
CREATE INDEX `partnership_user_b_idx` ON `partnership_agreements` (`user_b_id`);