CREATE TABLE `marketplace_listings` (
	`id` text PRIMARY KEY NOT NULL,
	`author_id` text NOT NULL,
	`role` text NOT NULL,
	`kind` text NOT NULL,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`pay` text NOT NULL,
	`location` text,
	`campaign_id` text,
	`status` text DEFAULT 'open' NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	`updated_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`author_id`) REFERENCES `user`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE set null,
	CONSTRAINT "marketplace_listings_role_ck" CHECK("marketplace_listings"."role" in ('director', 'writer', 'editor', 'composer', 'cinematographer', 'sound', 'actor', 'producer', 'other')),
	CONSTRAINT "marketplace_listings_kind_ck" CHECK("marketplace_listings"."kind" in ('offering', 'seeking')),
	CONSTRAINT "marketplace_listings_pay_ck" CHECK("marketplace_listings"."pay" in ('paid', 'revenue_share', 'volunteer')),
	CONSTRAINT "marketplace_listings_status_ck" CHECK("marketplace_listings"."status" in ('open', 'closed'))
);
--> statement-breakpoint
CREATE INDEX `marketplace_listings_open_idx` ON `marketplace_listings` (`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `marketplace_listings_author_idx` ON `marketplace_listings` (`author_id`,`created_at`);--> statement-breakpoint
-- Full-text search over the listings (FTS5, bm25), as films have (0005_search_fts.sql): title, role
-- and description, kept in sync by triggers. marketplace_listing_search_keys gives each listing a
-- stable integer key for the FTS rowid. Closed listings stay indexed; reads keep only open ones.
CREATE TABLE `marketplace_listing_search_keys` (
	`key` integer PRIMARY KEY,
	`listing_id` text NOT NULL UNIQUE
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `marketplace_listings_fts` USING fts5(title, role, description, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
--> statement-breakpoint
CREATE TRIGGER `marketplace_listings_search_ai` AFTER INSERT ON `marketplace_listings` BEGIN
	INSERT INTO `marketplace_listing_search_keys` (`listing_id`) VALUES (new.`id`);
	INSERT INTO `marketplace_listings_fts` (rowid, title, role, description)
		SELECT k.`key`, new.`title`, new.`role`, new.`description`
		FROM `marketplace_listing_search_keys` k WHERE k.`listing_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketplace_listings_search_au` AFTER UPDATE OF `title`, `role`, `description` ON `marketplace_listings` BEGIN
	DELETE FROM `marketplace_listings_fts` WHERE rowid = (SELECT `key` FROM `marketplace_listing_search_keys` WHERE `listing_id` = old.`id`);
	INSERT INTO `marketplace_listings_fts` (rowid, title, role, description)
		SELECT k.`key`, new.`title`, new.`role`, new.`description`
		FROM `marketplace_listing_search_keys` k WHERE k.`listing_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `marketplace_listings_search_ad` AFTER DELETE ON `marketplace_listings` BEGIN
	DELETE FROM `marketplace_listings_fts` WHERE rowid = (SELECT `key` FROM `marketplace_listing_search_keys` WHERE `listing_id` = old.`id`);
	DELETE FROM `marketplace_listing_search_keys` WHERE `listing_id` = old.`id`;
END;
