CREATE TABLE `projects` (
	`id` text PRIMARY KEY NOT NULL,
	`owner_id` text NOT NULL,
	`title` text NOT NULL,
	`logline` text NOT NULL,
	`description` text NOT NULL,
	`stage` text NOT NULL,
	`poster_key` text,
	`poster_width` integer,
	`poster_height` integer,
	`pending_poster_key` text,
	`pending_poster_width` integer,
	`pending_poster_height` integer,
	`campaign_id` text,
	`film_id` text,
	`hidden_at` integer,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`film_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "projects_stage_ck" CHECK("projects"."stage" in ('development', 'pre-production', 'shooting', 'post-production', 'released'))
);
--> statement-breakpoint
CREATE INDEX `projects_created_idx` ON `projects` (`created_at`);--> statement-breakpoint
CREATE INDEX `projects_stage_idx` ON `projects` (`stage`,`created_at`);--> statement-breakpoint
CREATE INDEX `projects_owner_idx` ON `projects` (`owner_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `projects_pending_poster_idx` ON `projects` (`pending_poster_key`);--> statement-breakpoint
CREATE TABLE `project_listings` (
	`project_id` text NOT NULL,
	`listing_id` text NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`project_id`, `listing_id`),
	FOREIGN KEY (`project_id`) REFERENCES `projects`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`listing_id`) REFERENCES `marketplace_listings`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `project_listings_listing_idx` ON `project_listings` (`listing_id`);
