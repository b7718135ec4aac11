ALTER TABLE "products" ADD COLUMN "superseded_by_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_superseded_by_id_products_id_fk" FOREIGN KEY ("superseded_by_id") REFERENCES "public"."products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "products_superseded_by_idx" ON "products" USING btree ("superseded_by_id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_not_superseded_by_itself" CHECK ("products"."superseded_by_id" <> "products"."id");--> statement-breakpoint
-- custom: issue 36, superseded part numbers.
-- A change of replacement must reach the catalog caches like any other product column but the
-- stock (catalog-cache.test.ts): the column joins the notify trigger's list.
DROP TRIGGER "products_notify_change" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OF "id", "name", "img", "description", "minimum_order_quantity", "price_cents", "created_at", "deleted_at", "sku", "slug", "mpn", "brand_id", "category_id", "search_vector", "updated_at", "pack_size", "weight_grams", "length_mm", "width_mm", "height_mm", "sales_unit", "max_order_quantity", "superseded_by_id" OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
--> statement-breakpoint
-- The product a buyer is offered for `start`: the last live product down its chain of
-- replacements (A → B → C answers C; a deleted C answers B), null when it has none. Bounded at 50
-- steps: a cycle is refused when written (supersession.ts), the bound only keeps a read finite.
CREATE FUNCTION pp_replacement_of(start uuid) RETURNS uuid LANGUAGE sql STABLE AS $$
  WITH RECURSIVE chain(id, depth) AS (
    SELECT p.superseded_by_id, 1 FROM products p WHERE p.id = start AND p.superseded_by_id IS NOT NULL
    UNION ALL
    SELECT p.superseded_by_id, chain.depth + 1 FROM chain JOIN products p ON p.id = chain.id
    WHERE p.superseded_by_id IS NOT NULL AND chain.depth < 50
  )
  SELECT chain.id FROM chain JOIN products p ON p.id = chain.id AND p.deleted_at IS NULL
  ORDER BY chain.depth DESC LIMIT 1
$$;
