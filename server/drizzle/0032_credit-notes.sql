CREATE TABLE "credit_note_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_notes" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"company_id" uuid,
	"year" integer NOT NULL,
	"number_in_year" integer NOT NULL,
	"issued_at" timestamp with time zone DEFAULT now() NOT NULL,
	"issued_by" text,
	"lines" jsonb NOT NULL,
	"subtotal_cents" bigint NOT NULL,
	"tax_cents" bigint NOT NULL,
	"freight_cents" bigint NOT NULL,
	"fee_cents" bigint NOT NULL,
	"total_cents" bigint NOT NULL,
	"applied_cents" bigint NOT NULL,
	CONSTRAINT "credit_notes_amounts" CHECK ("credit_notes"."total_cents" = "credit_notes"."subtotal_cents" + "credit_notes"."tax_cents" + "credit_notes"."freight_cents" - "credit_notes"."fee_cents"
        and "credit_notes"."total_cents" >= 0 and "credit_notes"."applied_cents" between 0 and "credit_notes"."total_cents")
);
--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "refund_tax_cents" bigint;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "refund_freight_cents" bigint;--> statement-breakpoint
ALTER TABLE "returns" ADD COLUMN "restocking_fee_cents" bigint;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_notes" ADD CONSTRAINT "credit_notes_issued_by_user_id_fk" FOREIGN KEY ("issued_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_return_unique" ON "credit_notes" USING btree ("return_id");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_notes_year_number_unique" ON "credit_notes" USING btree ("year","number_in_year");--> statement-breakpoint
CREATE INDEX "credit_notes_company_idx" ON "credit_notes" USING btree ("company_id","issued_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credit_notes_issued_idx" ON "credit_notes" USING btree ("issued_at");