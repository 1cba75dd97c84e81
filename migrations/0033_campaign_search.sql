-- Search finds campaigns by title and description (issue 49 item 3): SQLite FTS5, as films
-- (migrations/0005_search_fts.sql). Only public campaigns of films in the catalogue are indexed —
-- isPublicCampaign (functions/domain/campaigns/public-state.ts: live, paused, completed, or a
-- launched campaign whose edit is in review) and the film approved (a hidden film is rejected,
-- docs/reports.md) — so a draft's text never reaches the public index. campaign_search_rows is the
-- one definition of what is indexed; every trigger rewrites a campaign's row from it.
-- campaign_search_keys gives each campaign a stable integer key for the FTS rowid (a text primary
-- key's implicit rowid may change on VACUUM).
CREATE TABLE `campaign_search_keys` (
	`key` integer PRIMARY KEY,
	`campaign_id` text NOT NULL UNIQUE
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `campaigns_fts` USING fts5(title, description, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
--> statement-breakpoint
INSERT INTO `campaigns_fts` (`campaigns_fts`, `rank`) VALUES ('automerge', 2);
--> statement-breakpoint
CREATE VIEW `campaign_search_rows` AS
	SELECT k.`key`, ca.`id` AS `campaign_id`, ca.`title`, coalesce(ca.`description`, '') AS `description`
	FROM `campaigns` ca
	JOIN `campaign_search_keys` k ON k.`campaign_id` = ca.`id`
	JOIN `videos` v ON v.`id` = ca.`movie_id`
	WHERE v.`review_status` = 'approved'
		AND (ca.`status` IN ('live', 'paused', 'completed')
			OR (ca.`status` = 'pending_approval' AND ca.`review_returns_to` = 'live'));
--> statement-breakpoint
INSERT INTO `campaign_search_keys` (`campaign_id`) SELECT `id` FROM `campaigns`;
--> statement-breakpoint
INSERT INTO `campaigns_fts` (rowid, title, description)
	SELECT `key`, `title`, `description` FROM `campaign_search_rows`;
--> statement-breakpoint
CREATE TRIGGER `campaigns_fts_ai` AFTER INSERT ON `campaigns` BEGIN
	INSERT INTO `campaign_search_keys` (`campaign_id`) VALUES (new.`id`);
	INSERT INTO `campaigns_fts` (rowid, title, description)
		SELECT `key`, `title`, `description` FROM `campaign_search_rows` WHERE `campaign_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `campaigns_fts_au` AFTER UPDATE OF `title`, `description`, `status`, `review_returns_to`, `movie_id` ON `campaigns` BEGIN
	DELETE FROM `campaigns_fts` WHERE rowid = (SELECT `key` FROM `campaign_search_keys` WHERE `campaign_id` = old.`id`);
	INSERT INTO `campaigns_fts` (rowid, title, description)
		SELECT `key`, `title`, `description` FROM `campaign_search_rows` WHERE `campaign_id` = new.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `campaigns_fts_ad` AFTER DELETE ON `campaigns` BEGIN
	DELETE FROM `campaigns_fts` WHERE rowid = (SELECT `key` FROM `campaign_search_keys` WHERE `campaign_id` = old.`id`);
	DELETE FROM `campaign_search_keys` WHERE `campaign_id` = old.`id`;
END;
--> statement-breakpoint
-- A film hidden, rejected or approved again takes its campaign out of the index or back in.
CREATE TRIGGER `videos_campaigns_fts_au` AFTER UPDATE OF `review_status` ON `videos`
	WHEN old.`review_status` IS NOT new.`review_status` BEGIN
	DELETE FROM `campaigns_fts` WHERE rowid IN (
		SELECT k.`key` FROM `campaigns` ca JOIN `campaign_search_keys` k ON k.`campaign_id` = ca.`id`
		WHERE ca.`movie_id` = new.`id`
	);
	INSERT INTO `campaigns_fts` (rowid, title, description)
		SELECT r.`key`, r.`title`, r.`description` FROM `campaign_search_rows` r
		JOIN `campaigns` ca ON ca.`id` = r.`campaign_id` WHERE ca.`movie_id` = new.`id`;
END;
