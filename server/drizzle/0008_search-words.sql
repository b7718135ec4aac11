CREATE TABLE "search_words" (
	"word" text PRIMARY KEY NOT NULL
);
--> statement-breakpoint
CREATE INDEX "search_words_trgm_idx" ON "search_words" USING gin ("word" gin_trgm_ops);--> statement-breakpoint
-- The words of product names, for "did you mean" (issue 16): a typo is matched by trigrams against
-- these few thousand words instead of against every name. Statement triggers with transition
-- tables: an import of 500 rows adds its words in one INSERT; a stock update (an order) changes no
-- name and adds nothing. Words are added in order, so two imports adding the same words at once
-- wait for each other instead of deadlocking.
CREATE FUNCTION pp_add_search_words() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO search_words (word)
		SELECT DISTINCT w FROM new_rows n, regexp_split_to_table(lower(n.name), '[^a-z]+') w
		WHERE length(w) BETWEEN 3 AND 30 ORDER BY w
		ON CONFLICT DO NOTHING;
	ELSE
		INSERT INTO search_words (word)
		SELECT DISTINCT w FROM new_rows n JOIN old_rows o ON o.id = n.id,
			regexp_split_to_table(lower(n.name), '[^a-z]+') w
		WHERE n.name IS DISTINCT FROM o.name AND length(w) BETWEEN 3 AND 30 ORDER BY w
		ON CONFLICT DO NOTHING;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_search_words_insert" AFTER INSERT ON "products" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pp_add_search_words();
--> statement-breakpoint
CREATE TRIGGER "products_search_words_update" AFTER UPDATE ON "products" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pp_add_search_words();
--> statement-breakpoint
INSERT INTO search_words (word)
SELECT DISTINCT w FROM products p, regexp_split_to_table(lower(p.name), '[^a-z]+') w
WHERE length(w) BETWEEN 3 AND 30
ON CONFLICT DO NOTHING;
