-- Issue 9 (docs/decisions/014): a transaction that runs NOTIFY takes PostgreSQL's one notify-queue
-- lock at commit and holds it through the WAL flush, so with the 0003 trigger every order's commit
-- waited for the previous one's fsync: orders were serialized (no group commit). Stock alone now
-- notifies no one; catalog answers read it again when older than 0.5 s (catalog-cache.ts). Every
-- other change to a product still notifies: any column but `available_quantity` in the SET list,
-- inserts, deletes, truncates. A column added to `products` must be added here (a test checks).
DROP TRIGGER "products_notify_change" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OF "id", "name", "img", "description", "minimum_order_quantity", "price_cents", "created_at", "deleted_at" OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
