CREATE TABLE `ledger_daily` (
	`day` integer NOT NULL,
	`account_type` text NOT NULL,
	`kind` text NOT NULL,
	`cents` integer NOT NULL,
	`lines` integer NOT NULL,
	PRIMARY KEY(`account_type`, `kind`, `day`)
);
--> statement-breakpoint
CREATE TABLE `account_reinstatements` (
	`user_id` text NOT NULL,
	`suspended_at` integer NOT NULL,
	`token` text NOT NULL,
	`reinstated_by` text,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `suspended_at`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `admin_notes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`author_id` text,
	`body` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `admin_notes_user_idx` ON `admin_notes` (`user_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `account_suspensions` ADD `paused_campaign_ids` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
-- ledger_daily is kept by this trigger: every ledger line inserted adds to its day, account type and kind
-- (lines are never updated or deleted). `npm run ledger:check` proves it equals the lines.
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
--> statement-breakpoint
INSERT INTO `ledger_daily` (`day`, `account_type`, `kind`, `cents`, `lines`)
SELECT
	cast(`created_at` / 86400000 as integer),
	case when instr(`account`, ':') > 0 then substr(`account`, 1, instr(`account`, ':') - 1) else `account` end,
	`kind`,
	sum(`amount_cents`),
	count(*)
FROM `ledger_entries`
GROUP BY 1, 2, 3;
