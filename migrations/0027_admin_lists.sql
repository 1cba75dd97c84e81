CREATE TABLE `sign_in_attempts` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`outcome` text NOT NULL,
	`network` text,
	`user_agent` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "sign_in_attempts_outcome_ck" CHECK("sign_in_attempts"."outcome" in ('signed-in', 'wrong-password', 'locked', 'suspended', 'refused'))
);
--> statement-breakpoint
CREATE INDEX `sign_in_attempts_user_idx` ON `sign_in_attempts` (`user_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `sign_in_attempts_at_idx` ON `sign_in_attempts` (`created_at`);--> statement-breakpoint
CREATE INDEX `campaigns_status_created_idx` ON `campaigns` (`status`,`created_at`,`id`);--> statement-breakpoint
CREATE INDEX `ledger_groups_kind_idx` ON `ledger_groups` (`kind`,`created_at`,`id`);