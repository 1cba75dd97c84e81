CREATE TABLE `upload_parts` (
	`upload_id` text NOT NULL,
	`part_number` integer NOT NULL,
	`etag` text NOT NULL,
	`size` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`upload_id`, `part_number`),
	FOREIGN KEY (`upload_id`) REFERENCES `uploads`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `uploads` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`kind` text NOT NULL,
	`r2_key` text NOT NULL,
	`r2_upload_id` text,
	`file_name` text NOT NULL,
	`size` integer NOT NULL,
	`content_type` text NOT NULL,
	`part_size` integer NOT NULL,
	`part_count` integer NOT NULL,
	`width` integer,
	`height` integer,
	`status` text DEFAULT 'uploading' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`completed_at` integer,
	FOREIGN KEY (`owner_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "uploads_kind_ck" CHECK("uploads"."kind" in ('video', 'poster')),
	CONSTRAINT "uploads_status_ck" CHECK("uploads"."status" in ('uploading', 'completed', 'aborted')),
	CONSTRAINT "uploads_size_ck" CHECK("uploads"."size" > 0 and "uploads"."part_size" > 0 and "uploads"."part_count" between 1 and 10000)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `uploads_r2_key_unique` ON `uploads` (`r2_key`);--> statement-breakpoint
CREATE INDEX `uploads_owner_status_idx` ON `uploads` (`owner_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `uploads_status_activity_idx` ON `uploads` (`status`,`updated_at`);