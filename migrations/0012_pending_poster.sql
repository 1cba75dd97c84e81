ALTER TABLE `videos` ADD `pending_poster_key` text;--> statement-breakpoint
ALTER TABLE `videos` ADD `pending_poster_width` integer;--> statement-breakpoint
ALTER TABLE `videos` ADD `pending_poster_height` integer;