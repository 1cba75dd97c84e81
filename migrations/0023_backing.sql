ALTER TABLE `checkout_sessions` ADD `source` text;--> statement-breakpoint
ALTER TABLE `checkout_sessions` ADD `terms_version` text;