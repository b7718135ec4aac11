-- Issue 33 added the shipping weight and packed size to products (0021); a change to them must
-- reach the caches like any other product column but the stock (catalog-cache.test.ts).
DROP TRIGGER "products_notify_change" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OF "id", "name", "img", "description", "minimum_order_quantity", "price_cents", "created_at", "deleted_at", "sku", "slug", "mpn", "brand_id", "category_id", "search_vector", "updated_at", "pack_size", "weight_grams", "length_mm", "width_mm", "height_mm" OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
