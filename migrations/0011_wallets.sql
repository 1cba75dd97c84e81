CREATE TABLE `wallet_addresses` (
	`address` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wallet_addresses_user_idx` ON `wallet_addresses` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `wallet_addresses_owner_uq` ON `wallet_addresses` (`address`,`user_id`);--> statement-breakpoint
CREATE TABLE `wallet_links` (
	`user_id` text NOT NULL,
	`chain_id` integer NOT NULL,
	`address` text NOT NULL,
	`linked_at` integer NOT NULL,
	PRIMARY KEY(`user_id`, `chain_id`),
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`address`,`user_id`) REFERENCES `wallet_addresses`(`address`,`user_id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wallet_links_address_idx` ON `wallet_links` (`address`);--> statement-breakpoint
CREATE TABLE `wallet_nonces` (
	`nonce` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`used_by` text,
	FOREIGN KEY (`user_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `wallet_nonces_user_created_idx` ON `wallet_nonces` (`user_id`,`created_at`);