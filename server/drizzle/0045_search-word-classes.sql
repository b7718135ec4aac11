-- custom: issue 32, decision 044. Relevance is the class a match is in, no longer ts_rank: the
-- part number (exact, then its beginning), then every word in the name or number (weight A), then
-- every word in those, the brand or the category (A, B), then anywhere; ids descending within a
-- class. A first page reads the classes in the primary key's order and stops at a page
-- (relevance-page.ts), where ranking by ts_rank read every match (47,619 for one broad word at
-- 10^6). These indexes give the planner each class's own word statistics (a word common in the
-- descriptions and in no name must not be sought row by row in the key's order), and find a rare
-- word's class at once.
CREATE INDEX "products_name_words_idx" ON "products" USING gin (ts_filter("search_vector", '{a}'));
--> statement-breakpoint
CREATE INDEX "products_title_words_idx" ON "products" USING gin (ts_filter("search_vector", '{a,b}'));
--> statement-breakpoint
-- The indexes' expressions have no statistics until an ANALYZE: without them a class's words are
-- guessed, and a word the names lack may be sought product by product (seconds at 10^6).
ANALYZE "products";
