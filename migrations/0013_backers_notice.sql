ALTER TABLE `notifications` ADD `topic` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `backer_keys` text;--> statement-breakpoint
ALTER TABLE `notifications` ADD `amount_cents` integer;
