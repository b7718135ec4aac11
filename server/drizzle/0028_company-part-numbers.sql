CREATE TABLE "company_part_numbers" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"company_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"customer_part_number" text NOT NULL,
	"number_key" text GENERATED ALWAYS AS (regexp_replace(lower(customer_part_number), '[^a-z0-9]', '', 'g')) STORED,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "company_part_numbers_number_length" CHECK (length("company_part_numbers"."customer_part_number") between 1 and 60)
);
--> statement-breakpoint
ALTER TABLE "order_lines" ADD COLUMN "customer_part_number" text;--> statement-breakpoint
ALTER TABLE "company_part_numbers" ADD CONSTRAINT "company_part_numbers_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "company_part_numbers" ADD CONSTRAINT "company_part_numbers_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "company_part_numbers_number_unique" ON "company_part_numbers" USING btree ("company_id",lower("customer_part_number"));--> statement-breakpoint
CREATE UNIQUE INDEX "company_part_numbers_product_unique" ON "company_part_numbers" USING btree ("company_id","product_id");--> statement-breakpoint
CREATE INDEX "company_part_numbers_key_idx" ON "company_part_numbers" USING btree ("company_id","number_key");--> statement-breakpoint
CREATE INDEX "company_part_numbers_newest_idx" ON "company_part_numbers" USING btree ("company_id","created_at" DESC NULLS FIRST,"id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "company_part_numbers_product_idx" ON "company_part_numbers" USING btree ("product_id");--> statement-breakpoint
-- Issue 35: a company's part-numbers import keeps its audit entry up to date as it runs, as the
-- catalog's and the fitment's do (decision 033). Any `*.import` entry still `running` may have its
-- summary and `after` changed, so that the next import of its own needs no new function.
CREATE OR REPLACE FUNCTION pp_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	days int := nullif(current_setting('pp.audit_retention_days', true), '')::int;
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('pp.audit_retention', true) = 'on' AND days IS NOT NULL THEN
		IF OLD.at < now() - make_interval(days => greatest(days, 1)) THEN
			RETURN OLD;
		END IF;
	END IF;
	IF TG_OP = 'UPDATE' AND OLD.action LIKE '%.import'
		AND OLD.after->>'state' = 'running'
		AND (NEW.id, NEW.at, NEW.actor_id, NEW.actor_email, NEW.ip, NEW.action, NEW.target_type, NEW.target_id)
			IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.actor_id, OLD.actor_email, OLD.ip, OLD.action, OLD.target_type, OLD.target_id)
		AND NEW.before IS NOT DISTINCT FROM OLD.before THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
