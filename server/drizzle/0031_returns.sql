CREATE TABLE "return_lines" (
	"return_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"quantity" integer NOT NULL,
	"reason" text NOT NULL,
	"restocked" integer DEFAULT 0 NOT NULL,
	"scrapped" integer DEFAULT 0 NOT NULL,
	"refused" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "return_lines_return_id_product_id_pk" PRIMARY KEY("return_id","product_id"),
	CONSTRAINT "return_lines_quantity_positive" CHECK ("return_lines"."quantity" > 0),
	CONSTRAINT "return_lines_reason_known" CHECK ("return_lines"."reason" in ('wrong_part', 'damaged', 'not_needed', 'did_not_fit', 'core_return')),
	CONSTRAINT "return_lines_received_range" CHECK ("return_lines"."restocked" >= 0 and "return_lines"."scrapped" >= 0 and "return_lines"."refused" >= 0
        and "return_lines"."restocked" + "return_lines"."scrapped" + "return_lines"."refused" <= "return_lines"."quantity")
);
--> statement-breakpoint
CREATE TABLE "returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_id" uuid NOT NULL,
	"user_id" text NOT NULL,
	"company_id" uuid,
	"requested_by" text,
	"state" text DEFAULT 'requested' NOT NULL,
	"note" text,
	"rma_year" integer,
	"rma_number" integer,
	"refusal_reason" text,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"received_at" timestamp with time zone,
	"refund_state" text,
	"refund_cents" bigint,
	"refund_claimed_at" timestamp with time zone,
	"refund_id" text,
	"refunded_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "returns_refund_state_known" CHECK ("returns"."refund_state" in ('pending', 'refunded')),
	CONSTRAINT "returns_state_known" CHECK ("returns"."state" in ('requested', 'approved', 'refused', 'received')),
	CONSTRAINT "returns_rma_when_approved" CHECK (("returns"."state" in ('approved', 'received')) = ("returns"."rma_number" is not null))
);
--> statement-breakpoint
CREATE TABLE "rma_counters" (
	"year" integer PRIMARY KEY NOT NULL,
	"last_number" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sandbox_refunds" (
	"id" text PRIMARY KEY NOT NULL,
	"intent_id" text NOT NULL,
	"idempotency_key" text NOT NULL,
	"amount_cents" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_refunds_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_return_id_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "return_lines" ADD CONSTRAINT "return_lines_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_user_id_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."user"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_company_id_companies_id_fk" FOREIGN KEY ("company_id") REFERENCES "public"."companies"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_requested_by_user_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "returns" ADD CONSTRAINT "returns_decided_by_user_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."user"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sandbox_refunds" ADD CONSTRAINT "sandbox_refunds_intent_id_sandbox_intents_id_fk" FOREIGN KEY ("intent_id") REFERENCES "public"."sandbox_intents"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "return_lines_product_idx" ON "return_lines" USING btree ("product_id");--> statement-breakpoint
CREATE UNIQUE INDEX "returns_rma_unique" ON "returns" USING btree ("rma_year","rma_number");--> statement-breakpoint
CREATE INDEX "returns_order_idx" ON "returns" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "returns_user_newest_idx" ON "returns" USING btree ("user_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_company_newest_idx" ON "returns" USING btree ("company_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_newest_idx" ON "returns" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_state_newest_idx" ON "returns" USING btree ("state","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);