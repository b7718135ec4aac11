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
CREATE INDEX "credit_notes_issued_idx" ON "credit_notes" USING btree ("issued_at");--> statement-breakpoint
-- custom: Issue 37, the sales dashboard nets the refunds of returns (card refunds and credit notes)
-- on the day they were made, in the day rows beside the cancelled orders' refunds (decisions 024,
-- 027, 028): one refund, the goods given back less the restocking fee kept (`refund_cents` less its
-- tax and freight), the pieces restocked or scrapped, the tax and the freight given back. A return
-- refunded before this migration kept no split: its whole amount counts as goods. The top lists
-- (running totals of products and customers) are not changed by returns.
CREATE FUNCTION pp_sales_return_count(p_return uuid, p_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO sales_days AS s (day, shard, refunds, refunded_cents, refunded_units, refunded_tax_cents,
		refunded_freight_cents)
	SELECT p_day, pp_sales_shard(r.order_id), 1,
		r.refund_cents - coalesce(r.refund_tax_cents, 0) - coalesce(r.refund_freight_cents, 0),
		(SELECT coalesce(sum(l.restocked + l.scrapped), 0) FROM return_lines l WHERE l.return_id = r.id),
		coalesce(r.refund_tax_cents, 0), coalesce(r.refund_freight_cents, 0)
	FROM returns r WHERE r.id = p_return AND r.refund_cents IS NOT NULL
	ON CONFLICT (day, shard) DO UPDATE SET refunds = s.refunds + excluded.refunds,
		refunded_cents = s.refunded_cents + excluded.refunded_cents,
		refunded_units = s.refunded_units + excluded.refunded_units,
		refunded_tax_cents = s.refunded_tax_cents + excluded.refunded_tax_cents,
		refunded_freight_cents = s.refunded_freight_cents + excluded.refunded_freight_cents;
END $$;
--> statement-breakpoint
-- A return's refund is counted once, when it becomes `refunded` (a claim taken again stays
-- `pending` until then), unless a rebuild has not reached its order yet: the rebuild counts it then.
CREATE FUNCTION pp_sales_return_refunded() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock_shared(7140002);
	IF pp_sales_order_counted(NEW.order_id) THEN
		PERFORM pp_sales_return_count(NEW.id, pp_sales_day(coalesce(NEW.refunded_at, now())));
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER returns_sales_refunded AFTER UPDATE OF refund_state ON returns FOR EACH ROW
	WHEN (NEW.refund_state = 'refunded' AND OLD.refund_state IS DISTINCT FROM 'refunded')
	EXECUTE FUNCTION pp_sales_return_refunded();
--> statement-breakpoint
-- A rebuild step (pp_sales_rebuild_step, under the exclusive lock) moves `sales_rebuild` past a
-- batch of orders: the refunded returns of those orders are counted in the same transaction.
CREATE FUNCTION pp_sales_rebuild_returns() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pp_sales_return_count(r.id, pp_sales_day(coalesce(r.refunded_at, r.updated_at)))
	FROM returns r JOIN orders o ON o.id = r.order_id
	WHERE r.refund_state = 'refunded'
		AND (o.created_at, o.id) > (coalesce(OLD.through_at, '-infinity'),
			coalesce(OLD.through_id, '00000000-0000-0000-0000-000000000000'))
		AND (o.created_at, o.id) <= (NEW.through_at, NEW.through_id);
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER sales_rebuild_returns AFTER UPDATE OF through_at, through_id ON sales_rebuild
	FOR EACH ROW EXECUTE FUNCTION pp_sales_rebuild_returns();
--> statement-breakpoint
-- The card refunds of returns made before this migration, on their day, for the orders counted.
SELECT pg_advisory_xact_lock(7140002);
--> statement-breakpoint
SELECT pp_sales_return_count(r.id, pp_sales_day(coalesce(r.refunded_at, r.updated_at)))
FROM returns r JOIN orders o ON o.id = r.order_id
WHERE r.refund_state = 'refunded' AND pp_sales_counted(o.created_at, o.id);
