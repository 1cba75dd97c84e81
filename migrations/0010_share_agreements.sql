CREATE TABLE `release_portions` (
	`release_key` text NOT NULL,
	`campaign_id` text NOT NULL,
	`share_version` integer NOT NULL,
	`gross_cents` integer NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	PRIMARY KEY(`release_key`, `share_version`),
	CONSTRAINT "release_portions_gross_ck" CHECK("release_portions"."gross_cents" > 0)
);
--> statement-breakpoint
CREATE INDEX `release_portions_campaign_idx` ON `release_portions` (`campaign_id`);--> statement-breakpoint
CREATE TABLE `share_agreement_members` (
	`agreement_id` text NOT NULL,
	`user_id` text NOT NULL,
	`username` text,
	`role` text NOT NULL,
	`share_permille` integer NOT NULL,
	`is_originator` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`agreement_id`, `user_id`),
	FOREIGN KEY (`agreement_id`) REFERENCES `share_agreements`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "share_agreement_members_share_ck" CHECK("share_agreement_members"."share_permille" between 0 and 1000)
);
--> statement-breakpoint
CREATE INDEX `share_agreement_members_user_idx` ON `share_agreement_members` (`user_id`);--> statement-breakpoint
CREATE TABLE `share_agreements` (
	`id` text PRIMARY KEY NOT NULL,
	`campaign_id` text NOT NULL,
	`version` integer NOT NULL,
	`proposal` text NOT NULL,
	`fee_percent` integer NOT NULL,
	`originator_id` text NOT NULL,
	`created_at` integer DEFAULT (unixepoch('subsec') * 1000) NOT NULL,
	FOREIGN KEY (`campaign_id`) REFERENCES `campaigns`(`id`) ON UPDATE no action ON DELETE cascade,
	CONSTRAINT "share_agreements_version_ck" CHECK("share_agreements"."version" >= 1),
	CONSTRAINT "share_agreements_fee_ck" CHECK("share_agreements"."fee_percent" between 0 and 100)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `share_agreements_version_uq` ON `share_agreements` (`campaign_id`,`version`);--> statement-breakpoint
CREATE UNIQUE INDEX `share_agreements_proposal_uq` ON `share_agreements` (`campaign_id`,`proposal`);--> statement-breakpoint
ALTER TABLE `campaign_milestones` ADD `share_version` integer;--> statement-breakpoint
ALTER TABLE `campaigns` ADD `split_proposal` text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE `ledger_groups` ADD `share_version` integer;--> statement-breakpoint
-- Agreed versions are history: never edited (a change is a new version).
CREATE TRIGGER `share_agreements_never_edited` BEFORE UPDATE ON `share_agreements` BEGIN
	SELECT RAISE(ABORT, 'share agreements are never edited');
END;
--> statement-breakpoint
CREATE TRIGGER `share_agreement_members_never_edited` BEFORE UPDATE ON `share_agreement_members` BEGIN
	SELECT RAISE(ABORT, 'share agreements are never edited');
END;
--> statement-breakpoint
-- Existing campaigns. Their current split keeps the token '' (the column's default). Where every
-- member has approved it, it is what the team agreed: it becomes version 1, and the campaign's
-- payments, refunds and milestones are tied to it. Where a member has not approved, the split the
-- team last agreed is not known: no version is written; the campaign takes no money until its team
-- approves the current split (then version 1), and money it took before is paid by that first
-- agreed version (docs/share-agreements.md).
INSERT INTO `share_agreements` (`id`, `campaign_id`, `version`, `proposal`, `fee_percent`, `originator_id`)
	SELECT lower(hex(randomblob(16))), c.`id`, 1, c.`split_proposal`, c.`platform_fee_percentage`, v.`contributor_id`
	FROM `campaigns` c JOIN `videos` v ON v.`id` = c.`movie_id`
	WHERE NOT EXISTS (SELECT 1 FROM `campaign_contributors` m WHERE m.`campaign_id` = c.`id` AND m.`approved` = 0);
--> statement-breakpoint
INSERT INTO `share_agreement_members` (`agreement_id`, `user_id`, `username`, `role`, `share_permille`, `is_originator`)
	SELECT a.`id`, a.`originator_id`, p.`username`, 'Originator', c.`originator_share_permille`, 1
	FROM `share_agreements` a
	JOIN `campaigns` c ON c.`id` = a.`campaign_id`
	LEFT JOIN `profiles` p ON p.`user_id` = a.`originator_id`;
--> statement-breakpoint
INSERT INTO `share_agreement_members` (`agreement_id`, `user_id`, `username`, `role`, `share_permille`, `is_originator`)
	SELECT a.`id`, m.`contributor_id`, coalesce(p.`username`, m.`username`), m.`role`, m.`share_permille`, 0
	FROM `share_agreements` a
	JOIN `campaign_contributors` m ON m.`campaign_id` = a.`campaign_id`
	LEFT JOIN `profiles` p ON p.`user_id` = m.`contributor_id`;
--> statement-breakpoint
-- A new column filled in once, not an edit of money: the payments and refunds of a campaign with a
-- version 1 were raised under it.
UPDATE `ledger_groups` SET `share_version` = 1
	WHERE `kind` IN ('payment', 'refund') AND `campaign_id` IN (SELECT `campaign_id` FROM `share_agreements`);
--> statement-breakpoint
UPDATE `campaign_milestones` SET `share_version` = 1
	WHERE `campaign_id` IN (SELECT `campaign_id` FROM `share_agreements`);
--> statement-breakpoint
-- Releases made before versions were paid by the team of the time: portion version 0, not re-derived.
INSERT INTO `release_portions` (`release_key`, `campaign_id`, `share_version`, `gross_cents`, `created_at`)
	SELECT g.`idempotency_key`, g.`campaign_id`, 0, -e.`amount_cents`, g.`created_at`
	FROM `ledger_groups` g
	JOIN `ledger_entries` e ON e.`group_id` = g.`id` AND e.`account` = 'escrow:' || g.`campaign_id`
	WHERE g.`kind` = 'release' AND e.`amount_cents` < 0;
