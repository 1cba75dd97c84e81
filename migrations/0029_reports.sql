CREATE TABLE `reports` (
	`id` text PRIMARY KEY NOT NULL,
	`item_kind` text NOT NULL,
	`item_id` text NOT NULL,
	`reporter_id` text NOT NULL,
	`reason` text NOT NULL,
	`note` text DEFAULT '' NOT NULL,
	`status` text DEFAULT 'open' NOT NULL,
	`closed_by` text,
	`closed_at` integer,
	`decision_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`reporter_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`closed_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "reports_item_kind_ck" CHECK("reports"."item_kind" in ('film', 'listing', 'profile', 'project')),
	CONSTRAINT "reports_reason_ck" CHECK("reports"."reason" in ('spam', 'abuse', 'copyright', 'explicit', 'scam', 'other')),
	CONSTRAINT "reports_status_ck" CHECK("reports"."status" in ('open', 'dismissed', 'hidden'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reports_one_open_uq` ON `reports` (`reporter_id`,`item_kind`,`item_id`) WHERE status = 'open';--> statement-breakpoint
CREATE INDEX `reports_open_item_idx` ON `reports` (`status`,`item_kind`,`item_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `reports_decision_idx` ON `reports` (`decision_id`);--> statement-breakpoint
ALTER TABLE `marketplace_listings` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `profiles` ADD `hidden_at` integer;