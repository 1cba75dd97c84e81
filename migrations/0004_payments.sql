CREATE TABLE `ledger_entries` (
	`id` text PRIMARY KEY NOT NULL,
	`group_id` text NOT NULL,
	`account` text NOT NULL,
	`amount_cents` integer NOT NULL,
	`currency` text NOT NULL,
	`campaign_id` text,
	`user_id` text,
	`payment_intent_id` text,
	`kind` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`group_id`) REFERENCES `ledger_groups`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "ledger_entries_amount_ck" CHECK("ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_kind_ck" CHECK("ledger_entries"."kind" in ('payment', 'refund', 'release', 'payout', 'payout_reversal'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_group_account_uq` ON `ledger_entries` (`group_id`,`account`);--> statement-breakpoint
CREATE INDEX `ledger_entries_account_idx` ON `ledger_entries` (`account`);--> statement-breakpoint
CREATE INDEX `ledger_entries_campaign_idx` ON `ledger_entries` (`campaign_id`,`kind`);--> statement-breakpoint
CREATE INDEX `ledger_entries_user_idx` ON `ledger_entries` (`user_id`,`campaign_id`);--> statement-breakpoint
CREATE TABLE `ledger_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`kind` text NOT NULL,
	`currency` text NOT NULL,
	`campaign_id` text,
	`payment_intent_id` text,
	`memo` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	CONSTRAINT "ledger_groups_kind_ck" CHECK("ledger_groups"."kind" in ('payment', 'refund', 'release', 'payout', 'payout_reversal')),
	CONSTRAINT "ledger_groups_currency_ck" CHECK(length("ledger_groups"."currency") = 3 and "ledger_groups"."currency" = lower("ledger_groups"."currency"))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_groups_idempotency_key_unique` ON `ledger_groups` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `ledger_groups_campaign_idx` ON `ledger_groups` (`campaign_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_groups_payment_idx` ON `ledger_groups` (`payment_intent_id`);--> statement-breakpoint
CREATE TABLE `checkout_sessions` (
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
	FOREIGN KEY (`payer_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "checkout_sessions_status_ck" CHECK("checkout_sessions"."status" in ('open', 'complete', 'expired')),
	CONSTRAINT "checkout_sessions_amount_ck" CHECK("checkout_sessions"."amount_cents" > 0)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_sessions_reference_unique` ON `checkout_sessions` (`reference`);--> statement-breakpoint
CREATE UNIQUE INDEX `checkout_sessions_payment_intent_id_unique` ON `checkout_sessions` (`payment_intent_id`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_campaign_idx` ON `checkout_sessions` (`campaign_id`,`status`);--> statement-breakpoint
CREATE INDEX `checkout_sessions_payer_idx` ON `checkout_sessions` (`payer_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `stripe_events` (
	`id` text PRIMARY KEY NOT NULL,
	`type` text NOT NULL,
	`source` text NOT NULL,
	`account_id` text,
	`livemode` integer NOT NULL,
	`stripe_created` integer NOT NULL,
	`received_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`processed_at` integer,
	CONSTRAINT "stripe_events_source_ck" CHECK("stripe_events"."source" in ('platform', 'connect'))
);
--> statement-breakpoint
CREATE INDEX `stripe_events_type_idx` ON `stripe_events` (`type`,`received_at`);