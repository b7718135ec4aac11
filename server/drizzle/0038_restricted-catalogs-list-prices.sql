CREATE TABLE "company_catalog_brands" (
	"company_id" uuid NOT NULL,
	"brand_id" uuid NOT NULL,
	CONSTRAINT "company_catalog_brands_company_id_brand_id_pk" PRIMARY KEY("company_id","brand_id")
);
--> statement-breakpoint
CREATE TABLE "company_catalog_categories" (
	"company_id" uuid NOT NULL,
	"category_id" uuid NOT NULL,
	CONSTRAINT "company_catalog_categories_company_id_category_id_pk" PRIMARY KEY("company_id","category_id")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "list_price_cents" integer;--> statement-breakpoint
ALTER TABLE "company_catalog_brands" ADD CONSTRAINT "company_catalog_brands_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_catalog_brands" ADD CONSTRAINT "company_catalog_brands_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_catalog_categories" ADD CONSTRAINT "company_catalog_categories_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_catalog_categories" ADD CONSTRAINT "company_catalog_categories_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- custom: Issue 35, decision 039: whether a company's catalog holds a product. No company (a
-- visitor, someone in none) or no limit: every product. Limited by categories: the product's
-- category or one above it is listed. Limited by brands: its brand is listed. Both: both hold.
CREATE FUNCTION pp_catalog_has(p_company uuid, p_product uuid)
RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT p_company IS NULL OR (
		(NOT EXISTS (SELECT 1 FROM "company_catalog_categories" r WHERE r."company_id" = p_company)
			OR EXISTS (
				WITH RECURSIVE up(id, depth) AS (
					SELECT p."category_id", 1 FROM "products" p WHERE p."id" = p_product
					UNION ALL
					SELECT c."parent_id", up.depth + 1 FROM "categories" c JOIN up ON c."id" = up.id
					WHERE c."parent_id" IS NOT NULL AND up.depth < 20
				)
				SELECT 1 FROM up JOIN "company_catalog_categories" r
					ON r."company_id" = p_company AND r."category_id" = up.id))
		AND (NOT EXISTS (SELECT 1 FROM "company_catalog_brands" r WHERE r."company_id" = p_company)
			OR EXISTS (SELECT 1 FROM "products" p JOIN "company_catalog_brands" r
				ON r."company_id" = p_company AND r."brand_id" = p."brand_id"
				WHERE p."id" = p_product)))
$$;
--> statement-breakpoint
-- The same for a user, by their company read now: one who leaves it sees everything at once.
CREATE FUNCTION pp_in_company_catalog(p_product uuid, p_user text)
RETURNS boolean LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT pp_catalog_has((SELECT m."company_id" FROM "company_members" m WHERE m."user_id" = p_user), p_product)
$$;
