CREATE TABLE `bank_payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`stripe_account_id` text NOT NULL,
	`user_id` text,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text NOT NULL,
	`arrival_date` integer,
	`failure_message` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bank_payouts_user_idx` ON `bank_payouts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `connect_accounts` (
	`user_id` text PRIMARY KEY NOT NULL,
	`stripe_account_id` text NOT NULL,
	`details_submitted` integer DEFAULT false NOT NULL,
	`charges_enabled` integer DEFAULT false NOT NULL,
	`payouts_enabled` integer DEFAULT false NOT NULL,
	`transfers_active` integer DEFAULT false NOT NULL,
	`requirements_due` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `connect_accounts_stripe_account_id_unique` ON `connect_accounts` (`stripe_account_id`);--> statement-breakpoint
CREATE TABLE `escrow_claims` (
	`payment_intent_id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`claim` text NOT NULL,
	`group_key` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "escrow_claims_claim_ck" CHECK("escrow_claims"."claim" in ('release', 'refund'))
);
--> statement-breakpoint
CREATE INDEX `escrow_claims_campaign_idx` ON `escrow_claims` (`campaign_id`,`claim`);--> statement-breakpoint
CREATE TABLE `payouts` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`milestone_number` integer NOT NULL,
	`user_id` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`stripe_account_id` text,
	`transfer_id` text,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`reversed_cents` integer DEFAULT 0 NOT NULL,
	`completed_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "payouts_status_ck" CHECK("payouts"."status" in ('pending', 'processing', 'completed', 'failed')),
	CONSTRAINT "payouts_amount_ck" CHECK("payouts"."amount_cents" > 0 and "payouts"."reversed_cents" between 0 and "payouts"."amount_cents")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_transfer_id_unique` ON `payouts` (`transfer_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `payouts_member_milestone_uq` ON `payouts` (`campaign_id`,`milestone_number`,`user_id`);--> statement-breakpoint
CREATE INDEX `payouts_user_idx` ON `payouts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `payouts_status_idx` ON `payouts` (`status`,`updated_at`);--> statement-breakpoint
-- SQLite cannot add a foreign key to a column: checkout_sessions is rebuilt with campaign_id
-- referencing campaigns (sessions naming no campaign we have are dropped: they cannot be paid).
CREATE TABLE `__new_checkout_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`reference` text NOT NULL,
	`campaign_id` text NOT NULL,
	`payer_id` text,
	`guest_email` text,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`payment_intent_id` text,
	`url` text,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`payer_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "checkout_sessions_status_ck" CHECK("__new_checkout_sessions"."status" in ('open', 'complete', 'expired')),
	CONSTRAINT "checkout_sessions_amount_ck" CHECK("__new_checkout_sessions"."amount_cents" > 0)
);
--> statement-breakpoint
INSERT INTO `__new_checkout_sessions` SELECT `id`, `reference`, `campaign_id`, `payer_id`, `guest_email`, `amount_cents`, `currency`, `status`, `payment_intent_id`, `url`, `expires_at`, `created_at`, `updated_at` FROM `checkout_sessions` WHERE `campaign_id` IN (SELECT `id` FROM `campaigns`);--> statement-breakpoint
DROP TABLE `checkout_sessions`;--> statement-breakpoint
ALTER TABLE `__new_checkout_sessions` RENAME TO `checkout_sessions`;--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_sessions_reference_unique` ON `checkout_sessions` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_sessions_payment_intent_id_unique` ON `checkout_sessions` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_campaign_idx` ON `checkout_sessions` (`campaign_id`,`status`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_payer_idx` ON `checkout_sessions` (`payer_id`,`created_at`);
