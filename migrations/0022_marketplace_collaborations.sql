-- Issue 43, steps 2 and 3: collaboration requests on marketplace listings and the collaborations
-- they become (docs/marketplace.md).
CREATE TABLE `collaboration_requests` (
	`id` text PRIMARY KEY NOT NULL,
	`listing_id` text NOT NULL,
	`requester_id` text NOT NULL,
	`author_id` text NOT NULL,
	`role` text NOT NULL,
	`campaign_id` text,
	`message` text NOT NULL,
	`response` text,
	`status` text DEFAULT 'waiting' NOT NULL,
	`author_agreed` integer DEFAULT false NOT NULL,
	`requester_agreed` integer DEFAULT false NOT NULL,
	`withdrawn_by` text,
	`agreement_id` text,
	`revision` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`listing_id`) REFERENCES `marketplace_listings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`requester_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`author_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "collaboration_requests_role_ck" CHECK("collaboration_requests"."role" in ('director', 'writer', 'editor', 'composer', 'cinematographer', 'sound', 'actor', 'producer', 'other')),
	CONSTRAINT "collaboration_requests_status_ck" CHECK("collaboration_requests"."status" in ('waiting', 'declined', 'accepted', 'withdrawn', 'agreed')),
	CONSTRAINT "collaboration_requests_not_self_ck" CHECK("collaboration_requests"."requester_id" <> "collaboration_requests"."author_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX `collaboration_requests_one_open_uq` ON `collaboration_requests` (`listing_id`,`requester_id`) WHERE status in ('waiting', 'accepted');--> statement-breakpoint
CREATE INDEX `collaboration_requests_author_idx` ON `collaboration_requests` (`author_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `collaboration_requests_requester_idx` ON `collaboration_requests` (`requester_id`,`created_at`);--> statement-breakpoint
-- SQLite cannot change a CHECK constraint: partnership_agreements is rebuilt to allow the status
-- 'awaiting_invitation' (a marketplace collaboration naming a campaign, both sides agreed, until the
-- owner's team invitation is accepted; docs/marketplace.md). No table references it.
CREATE TABLE `__new_partnership_agreements` (
	`id` text PRIMARY KEY NOT NULL,
	`user_a_id` text NOT NULL,
	`user_b_id` text NOT NULL,
	`campaign_id` text,
	`project_title` text NOT NULL,
	`project_description` text DEFAULT '' NOT NULL,
	`collaboration_type` text NOT NULL,
	`status` text DEFAULT 'active' NOT NULL,
	`user_a_agreed` integer DEFAULT false NOT NULL,
	`user_b_agreed` integer DEFAULT false NOT NULL,
	`both_agreed_at` integer,
	`conversation_id` text,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`user_a_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_b_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "partnership_type_ck" CHECK("__new_partnership_agreements"."collaboration_type" in ('campaign_collaboration')),
	CONSTRAINT "partnership_status_ck" CHECK("__new_partnership_agreements"."status" in ('active', 'ended', 'awaiting_invitation'))
);
--> statement-breakpoint
INSERT INTO `__new_partnership_agreements`("id", "user_a_id", "user_b_id", "campaign_id", "project_title", "project_description", "collaboration_type", "status", "user_a_agreed", "user_b_agreed", "both_agreed_at", "conversation_id", "created_at") SELECT "id", "user_a_id", "user_b_id", "campaign_id", "project_title", "project_description", "collaboration_type", "status", "user_a_agreed", "user_b_agreed", "both_agreed_at", "conversation_id", "created_at" FROM `partnership_agreements`;--> statement-breakpoint
DROP TABLE `partnership_agreements`;--> statement-breakpoint
ALTER TABLE `__new_partnership_agreements` RENAME TO `partnership_agreements`;--> statement-breakpoint
CREATE UNIQUE INDEX `partnership_campaign_member_uq` ON `partnership_agreements` (`campaign_id`,`user_b_id`);--> statement-breakpoint
CREATE INDEX `partnership_user_a_idx` ON `partnership_agreements` (`user_a_id`);--> statement-breakpoint
CREATE INDEX `partnership_user_b_idx` ON `partnership_agreements` (`user_b_id`);