CREATE TABLE `coin_index_cursors` (
	`chain_id` integer NOT NULL,
	`address` text NOT NULL,
	`campaign_id` text NOT NULL,
	`contract` text NOT NULL,
	`next_block` integer NOT NULL,
	`updated_at` integer NOT NULL,
	PRIMARY KEY(`chain_id`, `address`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "coin_index_cursors_contract_ck" CHECK("coin_index_cursors"."contract" in ('coin', 'drop', 'team-vesting', 'reserve-vesting'))
);
--> statement-breakpoint
CREATE INDEX `coin_index_cursors_campaign_idx` ON `coin_index_cursors` (`campaign_id`);
--> statement-breakpoint
CREATE TABLE `coin_index_blocks` (
	`chain_id` integer NOT NULL,
	`number` integer NOT NULL,
	`hash` text NOT NULL,
	`time` integer NOT NULL,
	PRIMARY KEY(`chain_id`, `number`)
);
--> statement-breakpoint
CREATE TABLE `coin_events` (
	`chain_id` integer NOT NULL,
	`tx_hash` text NOT NULL,
	`log_index` integer NOT NULL,
	`block_number` integer NOT NULL,
	`block_time` integer NOT NULL,
	`campaign_id` text NOT NULL,
	`contract` text NOT NULL,
	`kind` text NOT NULL,
	`account` text NOT NULL,
	`counterparty` text,
	`amount` text DEFAULT '0' NOT NULL,
	`value` text DEFAULT '0' NOT NULL,
	PRIMARY KEY(`chain_id`, `tx_hash`, `log_index`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "coin_events_kind_ck" CHECK("coin_events"."kind" in ('purchase', 'transfer', 'withdrawal', 'release'))
);
--> statement-breakpoint
CREATE INDEX `coin_events_campaign_idx` ON `coin_events` (`campaign_id`,`kind`,`block_number`);
--> statement-breakpoint
CREATE INDEX `coin_events_block_idx` ON `coin_events` (`chain_id`,`block_number`);
