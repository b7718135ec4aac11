CREATE TABLE "price_list_companies" (
	"price_list_id" uuid NOT NULL,
	"company_id" uuid NOT NULL,
	CONSTRAINT "price_list_companies_price_list_id_company_id_pk" PRIMARY KEY("price_list_id","company_id")
);
--> statement-breakpoint
CREATE TABLE "price_list_entries" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"price_list_id" uuid NOT NULL,
	"product_id" uuid,
	"brand_id" uuid,
	"category_id" uuid,
	"min_quantity" integer DEFAULT 1 NOT NULL,
	"price_cents" integer,
	"percent_off" numeric(5, 2),
	CONSTRAINT "price_list_entries_min_quantity_positive" CHECK ("price_list_entries"."min_quantity" >= 1),
	CONSTRAINT "price_list_entries_price_not_negative" CHECK ("price_list_entries"."price_cents" >= 0),
	CONSTRAINT "price_list_entries_percent_range" CHECK ("price_list_entries"."percent_off" between 0 and 100),
	CONSTRAINT "price_list_entries_shape" CHECK (("price_list_entries"."product_id" is not null and "price_list_entries"."price_cents" is not null and "price_list_entries"."percent_off" is null
        and "price_list_entries"."brand_id" is null and "price_list_entries"."category_id" is null)
      or ("price_list_entries"."product_id" is null and "price_list_entries"."price_cents" is null and "price_list_entries"."percent_off" is not null
        and "price_list_entries"."min_quantity" = 1 and not ("price_list_entries"."brand_id" is not null and "price_list_entries"."category_id" is not null)))
);
--> statement-breakpoint
CREATE TABLE "price_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"name" text NOT NULL,
	"valid_from" timestamp with time zone,
	"valid_to" timestamp with time zone,
	"priority" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "price_lists_valid_range" CHECK ("price_lists"."valid_to" > "price_lists"."valid_from")
);
--> statement-breakpoint
ALTER TABLE "price_list_companies" ADD CONSTRAINT "price_list_companies_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_companies" ADD CONSTRAINT "price_list_companies_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_price_list_id_price_lists_id_fk" FOREIGN KEY ("price_list_id") REFERENCES "public"."price_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_brand_id_brands_id_fk" FOREIGN KEY ("brand_id") REFERENCES "public"."brands"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_list_entries" ADD CONSTRAINT "price_list_entries_category_id_categories_id_fk" FOREIGN KEY ("category_id") REFERENCES "public"."categories"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "price_list_companies_company_idx" ON "price_list_companies" USING btree ("company_id","price_list_id");--> statement-breakpoint
CREATE UNIQUE INDEX "price_list_entries_product_idx" ON "price_list_entries" USING btree ("price_list_id","product_id","min_quantity");--> statement-breakpoint
CREATE INDEX "price_list_entries_category_idx" ON "price_list_entries" USING btree ("price_list_id","category_id");--> statement-breakpoint
CREATE INDEX "price_list_entries_brand_idx" ON "price_list_entries" USING btree ("price_list_id","brand_id");--> statement-breakpoint
CREATE INDEX "price_lists_newest_idx" ON "price_lists" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- Decision 038: a buyer's contract offer for a product at a quantity, and the list it came from.
-- The buyer's company is read here, on every call: a buyer who leaves it gets list prices at once.
CREATE FUNCTION pp_contract_offer(p_product uuid, p_base integer, p_quantity integer, p_user text)
RETURNS TABLE(cents integer, price_list_id uuid)
LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT r.cents, l."id"
	FROM "company_members" m
	JOIN "price_list_companies" lc ON lc."company_id" = m."company_id"
	JOIN "price_lists" l ON l."id" = lc."price_list_id"
		AND (l."valid_from" IS NULL OR l."valid_from" <= now())
		AND (l."valid_to" IS NULL OR l."valid_to" > now())
	JOIN "products" p ON p."id" = p_product
	LEFT JOIN "categories" c1 ON c1."id" = p."category_id"
	LEFT JOIN "categories" c2 ON c2."id" = c1."parent_id"
	JOIN LATERAL (
		SELECT 0 AS rank, e."min_quantity" AS breaks, e."price_cents" AS cents
		FROM "price_list_entries" e
		WHERE e."price_list_id" = l."id" AND e."product_id" = p_product AND e."min_quantity" <= p_quantity
		UNION ALL
		SELECT CASE e."category_id" WHEN p."category_id" THEN 1 WHEN c1."parent_id" THEN 2 ELSE 3 END,
			1, round(p_base * (100 - e."percent_off") / 100)::integer
		FROM "price_list_entries" e
		WHERE e."price_list_id" = l."id" AND e."category_id" IN (p."category_id", c1."parent_id", c2."parent_id")
		UNION ALL
		SELECT 4, 1, round(p_base * (100 - e."percent_off") / 100)::integer
		FROM "price_list_entries" e
		WHERE e."price_list_id" = l."id" AND e."brand_id" = p."brand_id"
		UNION ALL
		SELECT 5, 1, round(p_base * (100 - e."percent_off") / 100)::integer
		FROM "price_list_entries" e
		WHERE e."price_list_id" = l."id" AND e."product_id" IS NULL AND e."brand_id" IS NULL
			AND e."category_id" IS NULL
	) r ON true
	WHERE m."user_id" = p_user
	ORDER BY l."priority" DESC, r.rank, r.breaks DESC, r.cents, l."id"
	LIMIT 1
$$;
--> statement-breakpoint
-- What a buyer pays: the contract offer, never above the public tier price at that quantity.
CREATE FUNCTION pp_buyer_unit_price_cents(p_product uuid, p_base integer, p_quantity integer, p_user text)
RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT least(
		pp_unit_price_cents(p_product, p_base, p_quantity),
		(SELECT o.cents FROM pp_contract_offer(p_product, p_base, p_quantity, p_user) o))
$$;
