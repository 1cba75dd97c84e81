CREATE TABLE `creator_applications` (
	`id` text PRIMARY KEY NOT NULL,
	`email` text NOT NULL,
	`user_id` text,
	`name` text NOT NULL,
	`work` text NOT NULL,
	`links` text NOT NULL,
	`film` text NOT NULL,
	`heard_from` text NOT NULL,
	`status` text DEFAULT 'waiting' NOT NULL,
	`reason` text,
	`decided_by` text,
	`decided_at` integer,
	`decision_id` text,
	`signup_token_hash` text,
	`signup_expires_at` integer,
	`signup_used_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`decided_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "creator_applications_status_ck" CHECK("creator_applications"."status" in ('waiting', 'approved', 'rejected'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `creator_applications_one_waiting_uq` ON `creator_applications` (`email`) WHERE status = 'waiting';--> statement-breakpoint
CREATE UNIQUE INDEX `creator_applications_signup_uq` ON `creator_applications` (`signup_token_hash`);--> statement-breakpoint
CREATE INDEX `creator_applications_email_idx` ON `creator_applications` (`email`,`created_at`);--> statement-breakpoint
CREATE INDEX `creator_applications_status_idx` ON `creator_applications` (`status`,`created_at`);