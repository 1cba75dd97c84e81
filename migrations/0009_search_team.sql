-- Search finds a film by its whole public team: the creators column of videos_fts holds the owner's
-- username and the usernames of the campaign's approved team members (the people the film's page
-- lists as its team). video_search_creators is the one definition of that text; every trigger that
-- (re)writes the column reads it. Triggers keep it in sync when a member joins or approves their
-- share, has their approval reset, is removed (or their campaign deleted), and when anyone on a
-- team renames their profile.
-- A member's name is their current profile's username, or the one recorded at invitation when the
-- profile is gone (as the film's team list shows it).
CREATE VIEW `video_search_creators` AS
	SELECT v.`id` AS `video_id`,
		trim(coalesce(o.`username`, '') || ' ' || coalesce((
			SELECT group_concat(coalesce(p.`username`, cc.`username`, ''), ' ')
			FROM `campaigns` ca
			JOIN `campaign_contributors` cc ON cc.`campaign_id` = ca.`id` AND cc.`approved` = 1
			LEFT JOIN `profiles` p ON p.`user_id` = cc.`contributor_id`
			WHERE ca.`movie_id` = v.`id`
		), '')) AS `creators`
	FROM `videos` v
	LEFT JOIN `profiles` o ON o.`user_id` = v.`contributor_id`;
--> statement-breakpoint
DROP TRIGGER `videos_search_ai`;
--> statement-breakpoint
CREATE TRIGGER `videos_search_ai` AFTER INSERT ON `videos` BEGIN
	INSERT INTO `video_search_keys` (`video_id`) VALUES (new.`id`);
	INSERT INTO `videos_fts` (rowid, title, description, category, creators)
		SELECT k.`key`, new.`title`, new.`description`,
			coalesce((SELECT `name` FROM `categories` WHERE `id` = new.`category_id`), ''),
			coalesce((SELECT `creators` FROM `video_search_creators` WHERE `video_id` = new.`id`), '')
		FROM `video_search_keys` k WHERE k.`video_id` = new.`id` AND new.`review_status` = 'approved';
END;
--> statement-breakpoint
DROP TRIGGER `videos_search_au`;
--> statement-breakpoint
CREATE TRIGGER `videos_search_au` AFTER UPDATE OF `title`, `description`, `category_id`, `contributor_id`, `review_status` ON `videos` BEGIN
	DELETE FROM `videos_fts` WHERE rowid = (SELECT `key` FROM `video_search_keys` WHERE `video_id` = old.`id`);
	INSERT INTO `videos_fts` (rowid, title, description, category, creators)
		SELECT k.`key`, new.`title`, new.`description`,
			coalesce((SELECT `name` FROM `categories` WHERE `id` = new.`category_id`), ''),
			coalesce((SELECT `creators` FROM `video_search_creators` WHERE `video_id` = new.`id`), '')
		FROM `video_search_keys` k WHERE k.`video_id` = new.`id` AND new.`review_status` = 'approved';
END;
--> statement-breakpoint
DROP TRIGGER `profiles_search_au`;
--> statement-breakpoint
-- A rename rewrites the creators of every film the person owns or is an approved member of.
CREATE TRIGGER `profiles_search_au` AFTER UPDATE OF `username` ON `profiles`
	WHEN old.`username` IS NOT new.`username` BEGIN
	UPDATE `videos_fts` SET creators = coalesce((
			SELECT s.`creators` FROM `video_search_keys` k
			JOIN `video_search_creators` s ON s.`video_id` = k.`video_id`
			WHERE k.`key` = `videos_fts`.rowid
		), '')
		WHERE rowid IN (
			SELECT k.`key` FROM `videos` v JOIN `video_search_keys` k ON k.`video_id` = v.`id`
			WHERE v.`contributor_id` = new.`user_id`
			UNION
			SELECT k.`key` FROM `campaign_contributors` cc
			JOIN `campaigns` ca ON ca.`id` = cc.`campaign_id`
			JOIN `video_search_keys` k ON k.`video_id` = ca.`movie_id`
			WHERE cc.`contributor_id` = new.`user_id` AND cc.`approved` = 1
		);
END;
--> statement-breakpoint
-- A member added already approved (a seed, an admin's SQL) joins the film's creators.
CREATE TRIGGER `campaign_contributors_search_ai` AFTER INSERT ON `campaign_contributors`
	WHEN new.`approved` = 1 BEGIN
	UPDATE `videos_fts` SET creators = coalesce((
			SELECT `creators` FROM `video_search_creators`
			WHERE `video_id` = (SELECT `movie_id` FROM `campaigns` WHERE `id` = new.`campaign_id`)
		), '')
		WHERE rowid = (
			SELECT k.`key` FROM `campaigns` ca JOIN `video_search_keys` k ON k.`video_id` = ca.`movie_id`
			WHERE ca.`id` = new.`campaign_id`
		);
END;
--> statement-breakpoint
-- Approving a share adds the member; a reset of approvals (a team or timeline change) takes them
-- out until they approve again. Both the old and the new campaign's film are rewritten.
CREATE TRIGGER `campaign_contributors_search_au` AFTER UPDATE OF `approved`, `contributor_id`, `campaign_id` ON `campaign_contributors`
	WHEN (old.`approved` = 1 OR new.`approved` = 1) AND (
		old.`approved` IS NOT new.`approved`
		OR old.`contributor_id` IS NOT new.`contributor_id`
		OR old.`campaign_id` IS NOT new.`campaign_id`
	) BEGIN
	UPDATE `videos_fts` SET creators = coalesce((
			SELECT s.`creators` FROM `video_search_keys` k
			JOIN `video_search_creators` s ON s.`video_id` = k.`video_id`
			WHERE k.`key` = `videos_fts`.rowid
		), '')
		WHERE rowid IN (
			SELECT k.`key` FROM `campaigns` ca JOIN `video_search_keys` k ON k.`video_id` = ca.`movie_id`
			WHERE ca.`id` IN (old.`campaign_id`, new.`campaign_id`)
		);
END;
--> statement-breakpoint
CREATE TRIGGER `campaign_contributors_search_ad` AFTER DELETE ON `campaign_contributors`
	WHEN old.`approved` = 1 BEGIN
	UPDATE `videos_fts` SET creators = coalesce((
			SELECT `creators` FROM `video_search_creators`
			WHERE `video_id` = (SELECT `movie_id` FROM `campaigns` WHERE `id` = old.`campaign_id`)
		), '')
		WHERE rowid = (
			SELECT k.`key` FROM `campaigns` ca JOIN `video_search_keys` k ON k.`video_id` = ca.`movie_id`
			WHERE ca.`id` = old.`campaign_id`
		);
END;
--> statement-breakpoint
-- A deleted campaign takes its team along (ON DELETE CASCADE); the members' delete trigger no
-- longer finds the campaign then, so the film is rewritten here, once the team is gone.
CREATE TRIGGER `campaigns_search_ad` AFTER DELETE ON `campaigns` BEGIN
	UPDATE `videos_fts` SET creators = coalesce((
			SELECT `creators` FROM `video_search_creators` WHERE `video_id` = old.`movie_id`
		), '')
		WHERE rowid = (SELECT `key` FROM `video_search_keys` WHERE `video_id` = old.`movie_id`);
END;
--> statement-breakpoint
CREATE TRIGGER `campaigns_search_au` AFTER UPDATE OF `movie_id` ON `campaigns`
	WHEN old.`movie_id` IS NOT new.`movie_id` BEGIN
	UPDATE `videos_fts` SET creators = coalesce((
			SELECT s.`creators` FROM `video_search_keys` k
			JOIN `video_search_creators` s ON s.`video_id` = k.`video_id`
			WHERE k.`key` = `videos_fts`.rowid
		), '')
		WHERE rowid IN (SELECT `key` FROM `video_search_keys` WHERE `video_id` IN (old.`movie_id`, new.`movie_id`));
END;
--> statement-breakpoint
-- Existing films: their teams join the index now.
UPDATE `videos_fts` SET creators = coalesce((
		SELECT s.`creators` FROM `video_search_keys` k
		JOIN `video_search_creators` s ON s.`video_id` = k.`video_id`
		WHERE k.`key` = `videos_fts`.rowid
	), '')
	WHERE rowid IN (
		SELECT k.`key` FROM `campaigns` ca
		JOIN `campaign_contributors` cc ON cc.`campaign_id` = ca.`id` AND cc.`approved` = 1
		JOIN `video_search_keys` k ON k.`video_id` = ca.`movie_id`
	);
