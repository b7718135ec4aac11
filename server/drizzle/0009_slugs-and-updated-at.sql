CREATE TABLE "product_slug_redirects" (
	"slug" text PRIMARY KEY NOT NULL,
	"product_id" uuid NOT NULL,
	"moved_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "updated_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "product_slug_redirects" ADD CONSTRAINT "product_slug_redirects_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Issue 17. `updated_at`: when what a product page shows last changed (the sitemap's lastmod);
-- stock is left out, as in the change notifications (decision 014).
CREATE FUNCTION pp_product_touched() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	-- A writer may set a column to the value it has (an import's update sets them all).
	IF (NEW.name, NEW.img, NEW.description, NEW.minimum_order_quantity, NEW.price_cents,
		NEW.deleted_at, NEW.sku, NEW.slug, NEW.mpn, NEW.brand_id, NEW.category_id, NEW.search_vector)
		IS DISTINCT FROM (OLD.name, OLD.img, OLD.description, OLD.minimum_order_quantity,
		OLD.price_cents, OLD.deleted_at, OLD.sku, OLD.slug, OLD.mpn, OLD.brand_id, OLD.category_id,
		OLD.search_vector) THEN
		NEW.updated_at := now();
	END IF;
	RETURN NEW;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_touched" BEFORE UPDATE OF "name", "img", "description", "minimum_order_quantity", "price_cents", "deleted_at", "sku", "slug", "mpn", "brand_id", "category_id", "search_vector" ON "products" FOR EACH ROW EXECUTE FUNCTION pp_product_touched();
--> statement-breakpoint
-- A changed slug leaves a redirect from the old one (a product page's old URL answers 301).
CREATE FUNCTION pp_product_slug_moved() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.slug IS DISTINCT FROM OLD.slug THEN
		INSERT INTO product_slug_redirects (slug, product_id) VALUES (OLD.slug, OLD.id)
		ON CONFLICT (slug) DO UPDATE SET product_id = excluded.product_id, moved_at = now();
		DELETE FROM product_slug_redirects WHERE slug = NEW.slug;
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "products_slug_moved" AFTER UPDATE OF "slug" ON "products" FOR EACH ROW EXECUTE FUNCTION pp_product_slug_moved();
--> statement-breakpoint
-- The change notification covers every column but the stock (catalog-cache.test.ts checks it).
DROP TRIGGER "products_notify_change" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OF "id", "name", "img", "description", "minimum_order_quantity", "price_cents", "created_at", "deleted_at", "sku", "slug", "mpn", "brand_id", "category_id", "search_vector", "updated_at" OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
