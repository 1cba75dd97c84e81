CREATE TABLE `film_captions` (
	`id` text PRIMARY KEY NOT NULL,
	`video_id` text NOT NULL,
	`r2_key` text NOT NULL,
	`language` text NOT NULL,
	`label` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`video_id`) REFERENCES `videos`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `film_captions_r2_key_unique` ON `film_captions` (`r2_key`);--> statement-breakpoint
CREATE INDEX `film_captions_video_idx` ON `film_captions` (`video_id`,`created_at`);--> statement-breakpoint
-- A film's one captions file so far becomes its first track, labelled as the player showed it.
INSERT INTO `film_captions` (`id`, `video_id`, `r2_key`, `language`, `label`, `created_at`, `updated_at`) SELECT lower(hex(randomblob(4)) || '-' || hex(randomblob(2)) || '-4' || substr(hex(randomblob(2)), 2) || '-' || substr('89ab', 1 + (abs(random()) % 4), 1) || substr(hex(randomblob(2)), 2) || '-' || hex(randomblob(6))), `id`, `captions_key`, 'en', 'English', `updated_at`, `updated_at` FROM `videos` WHERE `captions_key` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `videos` DROP COLUMN `captions_key`;