ALTER TABLE "products" ADD COLUMN "sales_unit" text DEFAULT 'each' NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "max_order_quantity" integer;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_sales_unit_known" CHECK ("products"."sales_unit" in ('each', 'box', 'pallet', 'metre', 'kg'));--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_max_order_not_below_minimum" CHECK ("products"."max_order_quantity" is null or "products"."max_order_quantity" >= "products"."minimum_order_quantity");--> statement-breakpoint
-- custom: a change to the unit or the maximum reaches the caches like any other product column
-- but the stock (catalog-cache.test.ts).
DROP TRIGGER "products_notify_change" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OF "id", "name", "img", "description", "minimum_order_quantity", "price_cents", "created_at", "deleted_at", "sku", "slug", "mpn", "brand_id", "category_id", "search_vector", "updated_at", "pack_size", "weight_grams", "length_mm", "width_mm", "height_mm", "sales_unit", "max_order_quantity" OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
