CREATE TABLE `account_suspensions` (
	`user_id` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`suspended_by` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
