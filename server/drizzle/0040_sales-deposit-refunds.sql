ALTER TABLE "returns" ADD COLUMN "refund_deposit_cents" bigint;--> statement-breakpoint
-- custom: issue 37, a core deposit is never revenue (the sales figures count the lines' goods), so
-- giving one back is no refund of goods either: a return's refund nets its goods only (the refund
-- less its tax, freight and deposits; the restocking fee kept stays netted), and its pieces count
-- as unsold only when the part itself came back (a core return leaves the buyer the part).
CREATE OR REPLACE FUNCTION pp_sales_return_count(p_return uuid, p_day date) RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	INSERT INTO sales_days AS s (day, shard, refunds, refunded_cents, refunded_units, refunded_tax_cents,
		refunded_freight_cents)
	SELECT p_day, pp_sales_shard(r.order_id), 1,
		r.refund_cents - coalesce(r.refund_tax_cents, 0) - coalesce(r.refund_freight_cents, 0)
			- coalesce(r.refund_deposit_cents, 0),
		(SELECT coalesce(sum(l.restocked + l.scrapped), 0) FROM return_lines l
			WHERE l.return_id = r.id AND l.reason <> 'core_return'),
		coalesce(r.refund_tax_cents, 0), coalesce(r.refund_freight_cents, 0)
	FROM returns r WHERE r.id = p_return AND r.refund_cents IS NOT NULL
	ON CONFLICT (day, shard) DO UPDATE SET refunds = s.refunds + excluded.refunds,
		refunded_cents = s.refunded_cents + excluded.refunded_cents,
		refunded_units = s.refunded_units + excluded.refunded_units,
		refunded_tax_cents = s.refunded_tax_cents + excluded.refunded_tax_cents,
		refunded_freight_cents = s.refunded_freight_cents + excluded.refunded_freight_cents;
END $$;
--> statement-breakpoint
-- The returns refunded before: their deposits given back, per piece of each line not kept late.
UPDATE returns r SET refund_deposit_cents = (
	SELECT coalesce(sum((l.restocked + l.scrapped) * (SELECT coalesce(max(ol.core_deposit_cents), 0)
		FROM order_lines ol WHERE ol.order_id = r.order_id AND ol.product_id = l.product_id)), 0)
	FROM return_lines l WHERE l.return_id = r.id AND NOT l.core_late)
WHERE r.refund_cents IS NOT NULL;
--> statement-breakpoint
SELECT pg_advisory_xact_lock(7140002);
--> statement-breakpoint
-- ... and the day rows they were counted in, as the function above counts them now.
UPDATE sales_days s SET refunded_cents = s.refunded_cents - x.deposits,
	refunded_units = s.refunded_units - x.cores
FROM (
	SELECT pp_sales_day(coalesce(r.refunded_at, r.updated_at)) AS day, pp_sales_shard(r.order_id) AS shard,
		sum(r.refund_deposit_cents) AS deposits,
		sum((SELECT coalesce(sum(l.restocked + l.scrapped), 0) FROM return_lines l
			WHERE l.return_id = r.id AND l.reason = 'core_return')) AS cores
	FROM returns r JOIN orders o ON o.id = r.order_id
	WHERE r.refund_state = 'refunded' AND pp_sales_counted(o.created_at, o.id)
	GROUP BY 1, 2
) x
WHERE s.day = x.day AND s.shard = x.shard AND (x.deposits <> 0 OR x.cores <> 0);
