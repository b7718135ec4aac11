-- Issue 16: a real parts catalog. Brands, a category tree, typed attributes and cross-references;
-- products gain a SKU, a slug, an MPN, and what search needs: part numbers reduced to letters and
-- digits (`*_key`, generated) with prefix and trigram indexes, and a tsvector kept by a trigger.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "brands" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "brands_slug_unique" UNIQUE("slug")
);
--> statement-breakpoint
CREATE TABLE "categories" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"slug" text NOT NULL,
	"parent_id" uuid,
	"depth" integer DEFAULT 1 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "categories_slug_unique" UNIQUE("slug"),
	CONSTRAINT "categories_depth_range" CHECK ("categories"."depth" between 1 and 3)
);
--> statement-breakpoint
CREATE TABLE "cross_references" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"number" text NOT NULL,
	"number_key" text GENERATED ALWAYS AS (regexp_replace(lower(number), '[^a-z0-9]', '', 'g')) STORED,
	"kind" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_attributes" (
	"product_id" uuid NOT NULL,
	"name" text NOT NULL,
	"value" text NOT NULL,
	"num" double precision,
	"unit" text,
	CONSTRAINT "product_attributes_product_id_name_pk" PRIMARY KEY("product_id","name")
);
--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "slug" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mpn" text;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "brand_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "category_id" uuid;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "sku_key" text GENERATED ALWAYS AS (regexp_replace(lower(sku), '[^a-z0-9]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "mpn_key" text GENERATED ALWAYS AS (regexp_replace(lower(mpn), '[^a-z0-9]', '', 'g')) STORED;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "search_vector" "tsvector";--> statement-breakpoint
ALTER TABLE "categories" ADD CONSTRAINT "categories_parent_id_categories_id_fk" FOREIGN KEY ("parent_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cross_references" ADD CONSTRAINT "cross_references_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_attributes" ADD CONSTRAINT "product_attributes_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "categories_parent_idx" ON "categories" USING btree ("parent_id");--> statement-breakpoint
CREATE INDEX "cross_references_product_idx" ON "cross_references" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "product_attributes_num_idx" ON "product_attributes" USING btree ("name","num","product_id") WHERE "product_attributes"."num" is not null;--> statement-breakpoint
CREATE INDEX "product_attributes_value_idx" ON "product_attributes" USING btree ("name","value","product_id") WHERE "product_attributes"."num" is null;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
-- The words a buyer may type: name and part numbers weigh most, then brand and category (with its
-- parents), then attribute values, then the description. One definition, used by the trigger and
-- by bulk writers (the demo seed) that pass the words themselves.
CREATE FUNCTION pp_product_words(name text, numbers text, brand text, category text, specs text, description text)
RETURNS tsvector LANGUAGE sql IMMUTABLE PARALLEL SAFE AS $$
	SELECT setweight(to_tsvector('english', coalesce(name, '')), 'A') ||
		setweight(to_tsvector('simple', coalesce(numbers, '')), 'A') ||
		setweight(to_tsvector('english', coalesce(brand, '') || ' ' || coalesce(category, '')), 'B') ||
		setweight(to_tsvector('english', coalesce(specs, '')), 'C') ||
		setweight(to_tsvector('english', coalesce(description, '')), 'D')
$$;
--> statement-breakpoint
-- Any writer (the spec's POST /tools, a script, psql) that leaves the SKU or slug out gets one
-- made from the id: `PP-` and 10 hex digits, and the name's words with 8 hex digits. The words
-- are computed again only when a write changes what they are made of (an order's stock update
-- does not), unless the writer gives them; `SET search_vector = NULL` recomputes them after a
-- product's attributes changed.
CREATE FUNCTION pp_product_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.sku IS NULL OR NEW.sku = '' THEN
		NEW.sku := 'PP-' || upper(substr(replace(NEW.id::text, '-', ''), 1, 10));
	END IF;
	IF NEW.slug IS NULL OR NEW.slug = '' THEN
		NEW.slug := coalesce(nullif(trim(both '-' from regexp_replace(lower(NEW.name), '[^a-z0-9]+', '-', 'g')), '') || '-', '')
			|| substr(replace(NEW.id::text, '-', ''), 1, 8);
	END IF;
	IF NEW.search_vector IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.search_vector IS DISTINCT FROM OLD.search_vector) THEN
		RETURN NEW;
	END IF;
	NEW.search_vector := pp_product_words(
		NEW.name,
		NEW.sku || ' ' || coalesce(NEW.mpn, ''),
		(SELECT name FROM brands WHERE id = NEW.brand_id),
		(WITH RECURSIVE up AS (
			SELECT id, parent_id, name FROM categories WHERE id = NEW.category_id
			UNION ALL
			SELECT c.id, c.parent_id, c.name FROM categories c JOIN up ON c.id = up.parent_id
		) SELECT string_agg(name, ' ') FROM up),
		(SELECT string_agg(value || coalesce(' ' || unit, ''), ' ') FROM product_attributes WHERE product_id = NEW.id),
		NEW.description);
	RETURN NEW;
END
$$;
--> statement-breakpoint
CREATE TRIGGER products_search_vector BEFORE INSERT OR UPDATE OF name, description, sku, mpn, brand_id, category_id, search_vector ON "products" FOR EACH ROW EXECUTE FUNCTION pp_product_search_vector();
--> statement-breakpoint
-- Products already in the shop: a house brand, a general category, a SKU and a slug from their id
-- (unique as the id is). A fresh database has no products and gets neither placeholder.
INSERT INTO "brands" ("name", "slug") SELECT 'Proper Parts', 'proper-parts' WHERE EXISTS (SELECT 1 FROM "products");
--> statement-breakpoint
INSERT INTO "categories" ("name", "slug", "depth") SELECT 'General parts', 'general-parts', 1 WHERE EXISTS (SELECT 1 FROM "products");
--> statement-breakpoint
-- The trigger gives each its SKU, slug and words.
UPDATE "products" SET
	"brand_id" = (SELECT id FROM "brands" WHERE slug = 'proper-parts'),
	"category_id" = (SELECT id FROM "categories" WHERE slug = 'general-parts');
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "sku" SET NOT NULL;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "slug" SET NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_unique" ON "products" USING btree ("sku");--> statement-breakpoint
CREATE UNIQUE INDEX "products_slug_unique" ON "products" USING btree ("slug");--> statement-breakpoint
CREATE INDEX "products_brand_idx" ON "products" USING btree ("brand_id");--> statement-breakpoint
CREATE INDEX "products_category_idx" ON "products" USING btree ("category_id");--> statement-breakpoint
CREATE INDEX "products_price_idx" ON "products" USING btree ("price_cents","id") WHERE "products"."deleted_at" is null;--> statement-breakpoint
CREATE INDEX "products_name_idx" ON "products" USING btree ("name","id") WHERE "products"."deleted_at" is null;;--> statement-breakpoint
-- Part numbers: equality and prefix (`brg62%`) by btree text_pattern_ops, typos by trigrams.
CREATE INDEX "products_sku_key_prefix_idx" ON "products" ("sku_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_mpn_key_prefix_idx" ON "products" ("mpn_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "cross_references_key_prefix_idx" ON "cross_references" ("number_key" text_pattern_ops);--> statement-breakpoint
CREATE INDEX "products_sku_key_trgm_idx" ON "products" USING gin ("sku_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_mpn_key_trgm_idx" ON "products" USING gin ("mpn_key" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "cross_references_key_trgm_idx" ON "cross_references" USING gin ("number_key" gin_trgm_ops);--> statement-breakpoint
-- Words: full text by GIN. Typos ("bearnig") are tried only when the words find nothing, over the
-- names of the rows the other filters leave; a trigram index on names cost 1 s of the first start's
-- seed and is left to the bench's measurements at 10^6 (decision 017).
CREATE INDEX "products_search_vector_idx" ON "products" USING gin ("search_vector");--> statement-breakpoint
-- The catalog's caches hear of every change to a product but its stock (0005): the new columns too.
-- Not the generated `*_key` columns: PostgreSQL counts them as set by every UPDATE (a stock update
-- would notify again), and they change only with `sku` and `mpn`, which are listed.
DROP TRIGGER "products_notify_change" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OF "id", "name", "img", "description", "minimum_order_quantity", "price_cents", "created_at", "deleted_at", "sku", "slug", "mpn", "brand_id", "category_id", "search_vector" OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
