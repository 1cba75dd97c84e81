-- Full-text search over the catalogue (SQLite FTS5, bm25 ranking): title, description, category
-- name and the creators' names of every approved film. Triggers keep it in sync with videos,
-- categories and profiles, so every writer (the app, a seed, an admin's SQL) updates it.
-- video_search_keys gives each film a stable integer key for the FTS rowid (a text primary key's
-- implicit rowid may change on VACUUM).
CREATE TABLE `video_search_keys` (
	`key` integer PRIMARY KEY,
	`video_id` text NOT NULL UNIQUE
);
--> statement-breakpoint
CREATE VIRTUAL TABLE `videos_fts` USING fts5(title, description, category, creators, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3 4');
--> statement-breakpoint
INSERT INTO `video_search_keys` (`video_id`) SELECT `id` FROM `videos`;
--> statement-breakpoint
INSERT INTO `videos_fts` (rowid, title, description, category, creators)
	SELECT k.`key`, v.`title`, v.`description`, coalesce(c.`name`, ''), coalesce(p.`username`, '')
	FROM `videos` v
	JOIN `video_search_keys` k ON k.`video_id` = v.`id`
	LEFT JOIN `categories` c ON c.`id` = v.`category_id`
	LEFT JOIN `profiles` p ON p.`user_id` = v.`contributor_id`
	WHERE v.`review_status` = 'approved';
--> statement-breakpoint
CREATE TRIGGER `videos_search_ai` AFTER INSERT ON `videos` BEGIN
	INSERT INTO `video_search_keys` (`video_id`) VALUES (new.`id`);
	INSERT INTO `videos_fts` (rowid, title, description, category, creators)
		SELECT k.`key`, new.`title`, new.`description`,
			coalesce((SELECT `name` FROM `categories` WHERE `id` = new.`category_id`), ''),
			coalesce((SELECT `username` FROM `profiles` WHERE `user_id` = new.`contributor_id`), '')
		FROM `video_search_keys` k WHERE k.`video_id` = new.`id` AND new.`review_status` = 'approved';
END;
--> statement-breakpoint
CREATE TRIGGER `videos_search_au` AFTER UPDATE OF `title`, `description`, `category_id`, `contributor_id`, `review_status` ON `videos` BEGIN
	DELETE FROM `videos_fts` WHERE rowid = (SELECT `key` FROM `video_search_keys` WHERE `video_id` = old.`id`);
	INSERT INTO `videos_fts` (rowid, title, description, category, creators)
		SELECT k.`key`, new.`title`, new.`description`,
			coalesce((SELECT `name` FROM `categories` WHERE `id` = new.`category_id`), ''),
			coalesce((SELECT `username` FROM `profiles` WHERE `user_id` = new.`contributor_id`), '')
		FROM `video_search_keys` k WHERE k.`video_id` = new.`id` AND new.`review_status` = 'approved';
END;
--> statement-breakpoint
CREATE TRIGGER `videos_search_ad` AFTER DELETE ON `videos` BEGIN
	DELETE FROM `videos_fts` WHERE rowid = (SELECT `key` FROM `video_search_keys` WHERE `video_id` = old.`id`);
	DELETE FROM `video_search_keys` WHERE `video_id` = old.`id`;
END;
--> statement-breakpoint
CREATE TRIGGER `categories_search_au` AFTER UPDATE OF `name` ON `categories` BEGIN
	UPDATE `videos_fts` SET category = new.`name`
		WHERE rowid IN (SELECT k.`key` FROM `videos` v JOIN `video_search_keys` k ON k.`video_id` = v.`id` WHERE v.`category_id` = new.`id`);
END;
--> statement-breakpoint
CREATE TRIGGER `profiles_search_au` AFTER UPDATE OF `username` ON `profiles` BEGIN
	UPDATE `videos_fts` SET creators = new.`username`
		WHERE rowid IN (SELECT k.`key` FROM `videos` v JOIN `video_search_keys` k ON k.`video_id` = v.`id` WHERE v.`contributor_id` = new.`user_id`);
END;
