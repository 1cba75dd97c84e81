-- The campaign search index (migrations/0033_campaign_search.sql) is rewritten only when what it holds
-- changes: the title, the description, the film, or whether the campaign is public (isPublicCampaign,
-- functions/domain/campaigns/public-state.ts). SQLite runs an `UPDATE OF` trigger whenever a listed
-- column is in the SET, even set to itself, so 0033's ran for every status change (live to paused,
-- paused to live) and for guards that set the status to itself; each run wrote the campaign's FTS row
-- again, a new index segment (docs/performance.md, "Campaign search index").
DROP TRIGGER IF EXISTS `campaigns_fts_au`;
--> statement-breakpoint
CREATE TRIGGER `campaigns_fts_au` AFTER UPDATE OF `title`, `description`, `status`, `review_returns_to`, `movie_id` ON `campaigns`
	WHEN old.`title` IS NOT new.`title`
		OR old.`description` IS NOT new.`description`
		OR old.`movie_id` IS NOT new.`movie_id`
		OR (old.`status` IN ('live', 'paused', 'completed') OR (old.`status` = 'pending_approval' AND old.`review_returns_to` IS 'live'))
			IS NOT (new.`status` IN ('live', 'paused', 'completed') OR (new.`status` = 'pending_approval' AND new.`review_returns_to` IS 'live'))
BEGIN
	DELETE FROM `campaigns_fts` WHERE rowid = (SELECT `key` FROM `campaign_search_keys` WHERE `campaign_id` = old.`id`);
	INSERT INTO `campaigns_fts` (rowid, title, description)
		SELECT `key`, `title`, `description` FROM `campaign_search_rows` WHERE `campaign_id` = new.`id`;
END;
