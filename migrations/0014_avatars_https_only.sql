-- Avatars are uploaded now. A linked picture over https keeps showing until it is replaced; one over
-- http never loaded (the content policy allows https images only) and is dropped: the initial shows.
UPDATE `profiles` SET `avatar_url` = NULL WHERE `avatar_url` IS NOT NULL AND `avatar_url` NOT LIKE 'https://%' AND `avatar_url` NOT LIKE '/api/media/avatars/%';--> statement-breakpoint
UPDATE `user` SET `image` = NULL WHERE `image` IS NOT NULL AND `image` NOT LIKE 'https://%' AND `image` NOT LIKE '/api/media/avatars/%';
