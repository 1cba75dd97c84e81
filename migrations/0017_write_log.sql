CREATE TABLE `audit_log` (
	`id` text PRIMARY KEY NOT NULL,
	`at` integer NOT NULL,
	`actor_kind` text NOT NULL,
	`actor_id` text,
	`verb` text NOT NULL,
	`resource_type` text NOT NULL,
	`resource_id` text NOT NULL,
	`summary` text NOT NULL,
	CONSTRAINT "audit_log_actor_kind_ck" CHECK("audit_log"."actor_kind" in ('user', 'system', 'anyone'))
);
--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_resource_idx` ON `audit_log` (`resource_type`,`resource_id`,`at`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_verb_idx` ON `audit_log` (`verb`,`at`,`id`);--> statement-breakpoint
CREATE TABLE `follow_ups` (
	`id` text PRIMARY KEY NOT NULL,
	`name` text NOT NULL,
	`key` text NOT NULL,
	`payload` text NOT NULL,
	`owed_by` text,
	`created_at` integer NOT NULL,
	`due_at` integer NOT NULL,
	`lease_until` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`done_at` integer
);
--> statement-breakpoint
CREATE UNIQUE INDEX `follow_ups_key_unique` ON `follow_ups` (`key`);--> statement-breakpoint
CREATE INDEX `follow_ups_due_idx` ON `follow_ups` (`done_at`,`due_at`);