-- custom: issue 32. Each product's specifications on its own row, `products.specs`
-- (`{ name: [value, unit] }`, the value a JSON number when `num` holds one), kept by the triggers
-- below from `product_attributes`, which stays what product pages, exports and ranges over the
-- whole catalog read. A search's bounded sample of the products meeting its other filters
-- (search-counts.ts, `spec_base`) flags each for the specification filters and counts their
-- specifications' facets on those rows: looked up in `product_attributes`, each product cost four
-- buffers a filter and four more for its facets (the category + brands + range search at 10^6:
-- 25,100 buffers -> 17,100, a sample cut short; one that holds every match reads no more).
ALTER TABLE "products" ADD COLUMN "specs" jsonb DEFAULT '{}'::jsonb NOT NULL;
--> statement-breakpoint
-- Searches read `specs`: a change reaches the catalog caches like any other product column but
-- the stock (catalog-cache.test.ts).
DROP TRIGGER "products_notify_change" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OF "id", "name", "img", "description", "minimum_order_quantity", "price_cents", "created_at", "deleted_at", "sku", "slug", "mpn", "brand_id", "category_id", "search_vector", "updated_at", "pack_size", "weight_grams", "length_mm", "width_mm", "height_mm", "sales_unit", "max_order_quantity", "superseded_by_id", "backorder_allowed", "lead_time_days", "core_deposit_cents", "core_return_days", "specs" OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
--> statement-breakpoint
-- The specifications of the products `ids`, written where they changed (a row written again
-- costs its indexes: the seeds write `specs` with the product, and this finds nothing to do).
CREATE FUNCTION pp_refresh_specs(ids uuid[]) RETURNS void LANGUAGE sql AS $$
	UPDATE "products" p SET "specs" = s.specs
	FROM (
		SELECT i.id, coalesce(jsonb_object_agg(a."name",
				jsonb_build_array(coalesce(to_jsonb(a."num"), to_jsonb(a."value")), a."unit"))
				FILTER (WHERE a."name" IS NOT NULL), '{}'::jsonb) AS specs
		FROM unnest(ids) AS i(id)
		LEFT JOIN "product_attributes" a ON a."product_id" = i.id
		GROUP BY i.id
	) s
	WHERE p."id" = s.id AND p."specs" IS DISTINCT FROM s.specs;
$$;
--> statement-breakpoint
CREATE FUNCTION pp_product_specs_follow() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	ids uuid[];
BEGIN
	IF TG_OP = 'INSERT' THEN
		SELECT array_agg(DISTINCT product_id) INTO ids FROM new_rows;
	ELSIF TG_OP = 'UPDATE' THEN
		SELECT array_agg(DISTINCT product_id) INTO ids
		FROM (SELECT product_id FROM new_rows UNION SELECT product_id FROM old_rows) changed;
	ELSE
		SELECT array_agg(DISTINCT product_id) INTO ids FROM old_rows;
	END IF;
	IF ids IS NOT NULL THEN
		PERFORM pp_refresh_specs(ids);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "product_specs_inserted" AFTER INSERT ON "product_attributes" REFERENCING NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pp_product_specs_follow();
--> statement-breakpoint
CREATE TRIGGER "product_specs_updated" AFTER UPDATE ON "product_attributes" REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows FOR EACH STATEMENT EXECUTE FUNCTION pp_product_specs_follow();
--> statement-breakpoint
CREATE TRIGGER "product_specs_deleted" AFTER DELETE ON "product_attributes" REFERENCING OLD TABLE AS old_rows FOR EACH STATEMENT EXECUTE FUNCTION pp_product_specs_follow();
--> statement-breakpoint
-- Existing products: written once, without the statement trigger that looks for renamed products'
-- new words (none are renamed here; at 10^6 it would compare every row's name with itself).
ALTER TABLE "products" DISABLE TRIGGER "products_search_words_update";
--> statement-breakpoint
UPDATE "products" p SET "specs" = s.specs
FROM (
	SELECT a."product_id", jsonb_object_agg(a."name",
		jsonb_build_array(coalesce(to_jsonb(a."num"), to_jsonb(a."value")), a."unit")) AS specs
	FROM "product_attributes" a GROUP BY a."product_id"
) s
WHERE p."id" = s."product_id";
--> statement-breakpoint
ALTER TABLE "products" ENABLE TRIGGER "products_search_words_update";
