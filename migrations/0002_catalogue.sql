CREATE TABLE `categories` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_name_unique` ON `categories` (`name`);--> statement-breakpoint
CREATE TABLE `my_list` (
	`user_id` text NOT NULL,
	`video_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `video_id`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `my_list_user_created_idx` ON `my_list` (`user_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `video_views` (
	`video_id` text NOT NULL,
	`user_id` text NOT NULL,
	`day` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`video_id`, `user_id`, `day`),
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `video_views_day_idx` ON `video_views` (`day`,`video_id`);--> statement-breakpoint
CREATE TABLE `videos` (
	`id` text PRIMARY KEY NOT NULL,
	`title` text NOT NULL,
	`description` text DEFAULT '' NOT NULL,
	`category_id` text,
	`year` integer,
	`runtime_seconds` integer,
	`poster_key` text,
	`poster_width` integer,
	`poster_height` integer,
	`video_key` text,
	`video_type` text,
	`video_bytes` integer,
	`captions_key` text,
	`contributor_id` text NOT NULL,
	`review_status` text DEFAULT 'pending' NOT NULL,
	`review_reason` text,
	`reviewed_by` text,
	`reviewed_at` integer,
	`published_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`contributor_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE restrict,
	FOREIGN KEY (`reviewed_by`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "videos_review_status_ck" CHECK("videos"."review_status" in ('draft', 'pending', 'approved', 'rejected')),
	CONSTRAINT "videos_year_ck" CHECK("videos"."year" is null or "videos"."year" between 1888 and 2100),
	CONSTRAINT "videos_runtime_ck" CHECK("videos"."runtime_seconds" is null or "videos"."runtime_seconds" >= 0),
	CONSTRAINT "videos_bytes_ck" CHECK("videos"."video_bytes" is null or "videos"."video_bytes" >= 0)
);
--> statement-breakpoint
CREATE INDEX `videos_contributor_idx` ON `videos` (`contributor_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `videos_catalogue_idx` ON `videos` (`review_status`,`category_id`,`published_at`);--> statement-breakpoint
CREATE INDEX `videos_published_idx` ON `videos` (`review_status`,`published_at`);--> statement-breakpoint
CREATE TABLE `watch_progress` (
	`user_id` text NOT NULL,
	`video_id` text NOT NULL,
	`position_seconds` real NOT NULL,
	`duration_seconds` real,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`user_id`, `video_id`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "watch_progress_position_ck" CHECK("watch_progress"."position_seconds" >= 0)
);
--> statement-breakpoint
CREATE INDEX `watch_progress_user_updated_idx` ON `watch_progress` (`user_id`,`updated_at`);