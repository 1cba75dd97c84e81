-- Search reads every segment of the FTS5 index for each query (both the ranking pass and the
-- highlight pass of functions/services/catalogue/search.ts), so its cost grows with their number.
-- FTS5 merges segments once 4 of a level exist (its default); 2 keeps about half as many on a
-- catalogue that grows film by film, for a little more work per write. 'optimize' merges an
-- existing index into one segment once. docs/performance.md, "Search".
INSERT INTO `videos_fts` (`videos_fts`, `rank`) VALUES ('automerge', 2);
--> statement-breakpoint
INSERT INTO `videos_fts` (`videos_fts`) VALUES ('optimize');
