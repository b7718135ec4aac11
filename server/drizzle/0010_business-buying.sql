CREATE TABLE "cart_lines" (
	"user_id" text NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cart_lines_user_id_product_id_pk" PRIMARY KEY("user_id","product_id"),
	CONSTRAINT "cart_lines_quantity_positive" CHECK ("cart_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "invoice_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"order_id" uuid PRIMARY KEY NOT NULL,
	"year" integer NOT NULL,
	"number_in_year" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_lines" (
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"product_id" uuid NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"img" text NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"line_total_cents" bigint NOT NULL,
	CONSTRAINT "order_lines_order_id_line_no_pk" PRIMARY KEY("order_id","line_no"),
	CONSTRAINT "order_lines_quantity_positive" CHECK ("order_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "price_breaks" (
	"product_id" uuid NOT NULL,
	"min_quantity" integer NOT NULL,
	"price_cents" integer NOT NULL,
	CONSTRAINT "price_breaks_product_id_min_quantity_pk" PRIMARY KEY("product_id","min_quantity"),
	CONSTRAINT "price_breaks_min_quantity_above_one" CHECK ("price_breaks"."min_quantity" > 1),
	CONSTRAINT "price_breaks_price_not_negative" CHECK ("price_breaks"."price_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "saved_list_lines" (
	"list_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "saved_list_lines_list_id_product_id_pk" PRIMARY KEY("list_id","product_id"),
	CONSTRAINT "saved_list_lines_quantity_positive" CHECK ("saved_list_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "saved_lists" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" text NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "po_number" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "note" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "line_count" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "pack_size" integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cart_lines" ADD CONSTRAINT "cart_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_lines" ADD CONSTRAINT "order_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "price_breaks" ADD CONSTRAINT "price_breaks_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_list_lines" ADD CONSTRAINT "saved_list_lines_list_id_saved_lists_id_fk" FOREIGN KEY ("list_id") REFERENCES "public"."saved_lists"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_list_lines" ADD CONSTRAINT "saved_list_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_lists" ADD CONSTRAINT "saved_lists_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_year_number_unique" ON "invoices" USING btree ("year","number_in_year");--> statement-breakpoint
CREATE INDEX "order_lines_product_idx" ON "order_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "saved_lists_user_name_unique" ON "saved_lists" USING btree ("user_id","name");--> statement-breakpoint
CREATE INDEX "saved_lists_user_newest_idx" ON "saved_lists" USING btree ("user_id","updated_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_pack_size_positive" CHECK ("products"."pack_size" > 0);--> statement-breakpoint
-- Issue 18. Every existing order becomes an order of one line, copied from its own columns.
INSERT INTO "order_lines" ("order_id", "line_no", "product_id", "sku", "name", "img", "quantity", "unit_price_cents", "line_total_cents")
SELECT o."id", 1, o."tool_id", p."sku", o."purchase_name", o."img", o."quantity", o."unit_price_cents", o."total_cents"
FROM "orders" o JOIN "products" p ON p."id" = o."tool_id";
--> statement-breakpoint
-- Every paid order has an invoice: existing ones are numbered in the order they were paid, per year.
INSERT INTO "invoices" ("order_id", "year", "number_in_year", "issued_at")
SELECT o."id", extract(year FROM paid_at AT TIME ZONE 'UTC')::int,
	row_number() OVER (PARTITION BY extract(year FROM paid_at AT TIME ZONE 'UTC') ORDER BY paid_at, o."id"),
	paid_at
FROM (
	SELECT o.*, coalesce((SELECT min(pay."created_at") FROM "payments" pay WHERE pay."order_id" = o."id" AND pay."status" = 'succeeded'), o."updated_at") AS paid_at
	FROM "orders" o WHERE o."paid"
) o;
--> statement-breakpoint
INSERT INTO "invoice_counters" ("year", "last_number")
SELECT "year", max("number_in_year") FROM "invoices" GROUP BY "year";
--> statement-breakpoint
-- The one place a unit price is computed: the product's price, or its best break for the quantity.
CREATE FUNCTION pp_unit_price_cents(p_product uuid, p_base integer, p_quantity integer) RETURNS integer
LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT coalesce(
		(SELECT b."price_cents" FROM "price_breaks" b
		 WHERE b."product_id" = p_product AND b."min_quantity" <= p_quantity
		 ORDER BY b."min_quantity" DESC LIMIT 1),
		p_base)
$$;
--> statement-breakpoint
-- A change of price breaks is a change of the product: its pages and answers are re-read everywhere.
CREATE FUNCTION pp_price_breaks_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_notify('pp_changes', 'products');
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "price_breaks_notify_change" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "price_breaks" FOR EACH STATEMENT EXECUTE FUNCTION pp_price_breaks_changed();
--> statement-breakpoint
DROP TRIGGER "products_notify_change" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OF "id", "name", "img", "description", "minimum_order_quantity", "price_cents", "created_at", "deleted_at", "sku", "slug", "mpn", "brand_id", "category_id", "search_vector", "updated_at", "pack_size" OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
