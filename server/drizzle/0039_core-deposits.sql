CREATE TABLE "return_photos" (
	"name" text PRIMARY KEY NOT NULL,
	"uploaded_by" text NOT NULL,
	"return_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "core_deposit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "core_deposit_tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "core_return_days" integer;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "deposit_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "core_deposit_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "products" ADD COLUMN "core_return_days" integer DEFAULT 90 NOT NULL;--> statement-breakpoint
ALTER TABLE "return_lines" ADD COLUMN "core_late" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_uploaded_by_user_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."user"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_photos" ADD CONSTRAINT "return_photos_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_photos_return_idx" ON "return_photos" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "return_photos_uploader_idx" ON "return_photos" USING btree ("uploaded_by");--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_core_deposit_not_negative" CHECK ("products"."core_deposit_cents" >= 0);--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_core_return_days_range" CHECK ("products"."core_return_days" between 1 and 3650);--> statement-breakpoint
-- custom: issue 37, core deposits.
-- The core deposit and its window show on the product page and price the cart: a change must
-- reach the catalog caches like any other product column but the stock (catalog-cache.test.ts).
DROP TRIGGER "products_notify_change" ON "products";
--> statement-breakpoint
CREATE TRIGGER "products_notify_change" AFTER INSERT OR UPDATE OF "id", "name", "img", "description", "minimum_order_quantity", "price_cents", "created_at", "deleted_at", "sku", "slug", "mpn", "brand_id", "category_id", "search_vector", "updated_at", "pack_size", "weight_grams", "length_mm", "width_mm", "height_mm", "sales_unit", "max_order_quantity", "superseded_by_id", "backorder_allowed", "lead_time_days", "core_deposit_cents", "core_return_days" OR DELETE OR TRUNCATE ON "products" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
