CREATE TABLE `coin_deployments` (
	`campaign_id` text NOT NULL,
	`chain_id` integer NOT NULL,
	`status` text NOT NULL,
	`agreement_version` integer NOT NULL,
	`name` text NOT NULL,
	`symbol` text NOT NULL,
	`price` integer NOT NULL,
	`fee_percent` integer NOT NULL,
	`members` text NOT NULL,
	`tx_hash` text,
	`coin_address` text,
	`drop_address` text,
	`team_vesting_address` text,
	`reserve_vesting_address` text,
	`error` text,
	`started_at` integer NOT NULL,
	`deployed_at` integer,
	PRIMARY KEY(`campaign_id`, `chain_id`),
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "coin_deployments_status_ck" CHECK("coin_deployments"."status" in ('deploying', 'deployed', 'failed')),
	CONSTRAINT "coin_deployments_addresses_ck" CHECK("coin_deployments"."status" <> 'deployed' or ("coin_deployments"."coin_address" is not null and "coin_deployments"."drop_address" is not null and "coin_deployments"."team_vesting_address" is not null and "coin_deployments"."reserve_vesting_address" is not null))
);
--> statement-breakpoint
CREATE INDEX `coin_deployments_chain_idx` ON `coin_deployments` (`chain_id`,`status`);