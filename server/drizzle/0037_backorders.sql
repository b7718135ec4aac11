CREATE TABLE "backorder_promises" (
	"order_id" uuid NOT NULL,
	"line_no" integer NOT NULL,
	"purchase_order_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	CONSTRAINT "backorder_promises_order_id_line_no_purchase_order_id_pk" PRIMARY KEY("order_id","line_no","purchase_order_id"),
	CONSTRAINT "backorder_promises_quantity_positive" CHECK ("backorder_promises"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "purchase_orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"promised" integer DEFAULT 0 NOT NULL,
	"expected_on" date NOT NULL,
	"reference" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "purchase_orders_quantity_positive" CHECK ("purchase_orders"."quantity" > 0),
	CONSTRAINT "purchase_orders_promised_range" CHECK ("purchase_orders"."promised" >= 0 and "purchase_orders"."promised" <= "purchase_orders"."quantity")
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "expected_on" date;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "backorder_allowed" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "lead_time_days" integer;--> statement-breakpoint
ALTER TABLE "backorder_promises" ADD CONSTRAINT "backorder_promises_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "backorder_promises" ADD CONSTRAINT "backorder_promises_purchase_order_id_purchase_orders_id_fk" FOREIGN KEY ("purchase_order_id") REFERENCES "public"."purchase_orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "purchase_orders" ADD CONSTRAINT "purchase_orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "backorder_promises_purchase_order_idx" ON "backorder_promises" USING btree ("purchase_order_id");--> statement-breakpoint
CREATE INDEX "purchase_orders_product_idx" ON "purchase_orders" USING btree ("product_id","expected_on","id");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_lead_time_range" CHECK ("products"."lead_time_days" is null or "products"."lead_time_days" between 0 and 3650);--> statement-breakpoint
-- custom: issue 36, backorders. Whether a product takes backorders, and its lead time, show on its
-- product page: both join the catalog caches' notify trigger (catalog-cache.test.ts).
DROP TRIGGER "products_notify_change" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OF "id", "name", "img", "description", "minimum_order_quantity", "price_cents", "created_at", "deleted_at", "sku", "slug", "mpn", "brand_id", "category_id", "search_vector", "updated_at", "pack_size", "weight_grams", "length_mm", "width_mm", "height_mm", "sales_unit", "max_order_quantity", "superseded_by_id", "backorder_allowed", "lead_time_days" OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
