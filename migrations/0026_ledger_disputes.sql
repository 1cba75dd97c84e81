-- Issue 48, item 5: card disputes are ledger movements of their own kinds (docs/money.md, "Disputes"):
-- 'dispute' (the disputed amount leaves escrow, or is owed by the campaign, into disputed:<campaign>),
-- 'dispute_won' (back where it came from) and 'dispute_lost' (written off with Stripe's dispute fee).
-- SQLite cannot change a CHECK constraint: ledger_groups and ledger_entries are rebuilt with the new
-- kinds. The new lines table references the new groups table before both are renamed, so no foreign
-- key is ever broken (the old child goes first); the daily trigger of migration 0025 goes with the
-- old lines table and is created again, unchanged (it sums by whatever kind a line has).
CREATE TABLE `__new_ledger_groups` (
	`id` text PRIMARY KEY NOT NULL,
	`idempotency_key` text NOT NULL,
	`kind` text NOT NULL,
	`currency` text NOT NULL,
	`campaign_id` text,
	`payment_intent_id` text,
	`memo` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`share_version` integer,
	CONSTRAINT "ledger_groups_kind_ck" CHECK("__new_ledger_groups"."kind" in ('payment', 'refund', 'release', 'payout', 'payout_reversal', 'dispute', 'dispute_won', 'dispute_lost')),
	CONSTRAINT "ledger_groups_currency_ck" CHECK(length("__new_ledger_groups"."currency") = 3 and "__new_ledger_groups"."currency" = lower("__new_ledger_groups"."currency"))
);
--> statement-breakpoint
INSERT INTO `__new_ledger_groups` (`id`, `idempotency_key`, `kind`, `currency`, `campaign_id`, `payment_intent_id`, `memo`, `created_at`, `share_version`)
	SELECT `id`, `idempotency_key`, `kind`, `currency`, `campaign_id`, `payment_intent_id`, `memo`, `created_at`, `share_version` FROM `ledger_groups`;--> statement-breakpoint
CREATE TABLE `__new_ledger_entries` (
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
	FOREIGN KEY (`group_id`) REFERENCES `__new_ledger_groups`(`id`) ON UPDATE no action ON DELETE restrict,
	CONSTRAINT "ledger_entries_amount_ck" CHECK("__new_ledger_entries"."amount_cents" <> 0),
	CONSTRAINT "ledger_entries_kind_ck" CHECK("__new_ledger_entries"."kind" in ('payment', 'refund', 'release', 'payout', 'payout_reversal', 'dispute', 'dispute_won', 'dispute_lost'))
);
--> statement-breakpoint
INSERT INTO `__new_ledger_entries` (`id`, `group_id`, `account`, `amount_cents`, `currency`, `campaign_id`, `user_id`, `payment_intent_id`, `kind`, `created_at`)
	SELECT `id`, `group_id`, `account`, `amount_cents`, `currency`, `campaign_id`, `user_id`, `payment_intent_id`, `kind`, `created_at` FROM `ledger_entries`;--> statement-breakpoint
DROP TABLE `ledger_entries`;--> statement-breakpoint
DROP TABLE `ledger_groups`;--> statement-breakpoint
ALTER TABLE `__new_ledger_groups` RENAME TO `ledger_groups`;--> statement-breakpoint
ALTER TABLE `__new_ledger_entries` RENAME TO `ledger_entries`;--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_groups_idempotency_key_unique` ON `ledger_groups` (`idempotency_key`);--> statement-breakpoint
CREATE INDEX `ledger_groups_campaign_idx` ON `ledger_groups` (`campaign_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `ledger_groups_payment_idx` ON `ledger_groups` (`payment_intent_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `ledger_entries_group_account_uq` ON `ledger_entries` (`group_id`,`account`);--> statement-breakpoint
CREATE INDEX `ledger_entries_account_idx` ON `ledger_entries` (`account`);--> statement-breakpoint
CREATE INDEX `ledger_entries_campaign_idx` ON `ledger_entries` (`campaign_id`,`kind`);--> statement-breakpoint
CREATE INDEX `ledger_entries_user_idx` ON `ledger_entries` (`user_id`,`campaign_id`);--> statement-breakpoint
-- The daily projection's trigger (migration 0025), as it was: ledger_daily itself is kept.
CREATE TRIGGER `ledger_entries_daily` AFTER INSERT ON `ledger_entries` BEGIN
	INSERT INTO `ledger_daily` (`day`, `account_type`, `kind`, `cents`, `lines`)
	VALUES (
		cast(new.`created_at` / 86400000 as integer),
		case when instr(new.`account`, ':') > 0 then substr(new.`account`, 1, instr(new.`account`, ':') - 1) else new.`account` end,
		new.`kind`,
		new.`amount_cents`,
		1
	)
	ON CONFLICT (`account_type`, `kind`, `day`) DO UPDATE SET `cents` = `cents` + excluded.`cents`, `lines` = `lines` + 1;
END;
