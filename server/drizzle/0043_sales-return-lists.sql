ALTER TABLE "return_lines" ADD COLUMN "refund_goods_cents" bigint;--> statement-breakpoint
-- custom: issue 37, the dashboard's top lists ("by revenue, refunds taken off") take a return's
-- refund off its products and its customer, as they take off an order refunded whole: each product
-- its pieces (not a core's: the buyer kept the part) and its goods less its share of the
-- restocking fee (the fee split by goods, rounded down, the rest on the largest line), the customer
-- the goods less the fee (what the day rows net: the refund less its tax, freight and deposits).
-- Returns refunded before this migration: each line's goods at its product's first invoice line's
-- price (the refund took a product on several lines first line first; such orders are rare).
UPDATE return_lines l SET refund_goods_cents = CASE WHEN l.reason = 'core_return' THEN 0 ELSE
	(l.restocked + l.scrapped)::bigint * coalesce((SELECT ol.unit_price_cents FROM order_lines ol
		WHERE ol.order_id = r.order_id AND ol.product_id = l.product_id ORDER BY ol.line_no LIMIT 1), 0) END
FROM returns r WHERE r.id = l.return_id AND r.refund_cents IS NOT NULL;
--> statement-breakpoint
CREATE FUNCTION pp_sales_return_goods(p_return uuid)
RETURNS TABLE (product_id uuid, pieces bigint, cents bigint) LANGUAGE sql STABLE AS $$
	WITH g AS (
		SELECT l.product_id,
			CASE WHEN l.reason <> 'core_return' THEN l.restocked + l.scrapped ELSE 0 END::bigint AS pieces,
			coalesce(l.refund_goods_cents, 0) AS cents,
			coalesce(r.restocking_fee_cents, 0) AS fee,
			sum(coalesce(l.refund_goods_cents, 0)) OVER () AS goods
		FROM return_lines l JOIN returns r ON r.id = l.return_id
		WHERE l.return_id = p_return
	), shared AS (
		SELECT g.*, CASE WHEN goods > 0 THEN floor(fee::numeric * cents / goods)::bigint ELSE 0 END AS share,
			row_number() OVER (ORDER BY cents DESC, product_id) AS n
		FROM g
	)
	SELECT product_id, pieces,
		cents - share - CASE WHEN n = 1 AND goods > 0 THEN fee - sum(share) OVER () ELSE 0 END
	FROM shared
$$;
--> statement-breakpoint
CREATE FUNCTION pp_sales_return_lists(p_return uuid, p_day date) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	buyer text;
	netted bigint;
	closed date;
BEGIN
	SELECT o.user_id, r.refund_cents - coalesce(r.refund_tax_cents, 0) - coalesce(r.refund_freight_cents, 0)
		- coalesce(r.refund_deposit_cents, 0)
	INTO buyer, netted
	FROM returns r JOIN orders o ON o.id = r.order_id
	WHERE r.id = p_return AND r.refund_cents IS NOT NULL;
	IF NOT FOUND THEN
		RETURN;
	END IF;
	INSERT INTO sales_products AS s (period, product_id, units, revenue_cents)
	SELECT p_day, g.product_id, -g.pieces, -g.cents FROM pp_sales_return_goods(p_return) g
	WHERE g.pieces <> 0 OR g.cents <> 0
	ORDER BY g.product_id
	ON CONFLICT (period, product_id) DO UPDATE SET units = s.units + excluded.units,
		revenue_cents = s.revenue_cents + excluded.revenue_cents;
	INSERT INTO sales_customers AS s (period, user_id, orders, revenue_cents)
	SELECT p_day, buyer, 0, -netted WHERE netted <> 0
	ON CONFLICT (period, user_id) DO UPDATE SET revenue_cents = s.revenue_cents + excluded.revenue_cents;
	closed := (SELECT value::date FROM app_state WHERE key = 'sales_closed_through');
	IF p_day <= closed THEN
		INSERT INTO sales_product_totals AS t (day, product_id, units, revenue_cents)
		SELECT p_day + d, g.product_id, -g.pieces, -g.cents
		FROM pp_sales_return_goods(p_return) g, generate_series(0, closed - p_day) AS d
		WHERE g.pieces <> 0 OR g.cents <> 0
		ORDER BY d, g.product_id
		ON CONFLICT (day, product_id) DO UPDATE SET units = t.units + excluded.units,
			revenue_cents = t.revenue_cents + excluded.revenue_cents;
		INSERT INTO sales_customer_totals AS t (day, user_id, orders, revenue_cents)
		SELECT p_day + d, buyer, 0, -netted FROM generate_series(0, closed - p_day) AS d
		WHERE netted <> 0
		ORDER BY d
		ON CONFLICT (day, user_id) DO UPDATE SET revenue_cents = t.revenue_cents + excluded.revenue_cents;
	END IF;
END $$;
--> statement-breakpoint
-- As in 0040, and the top lists (above) on the same day.
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
	PERFORM pp_sales_return_lists(p_return, p_day);
END $$;
--> statement-breakpoint
SELECT pg_advisory_xact_lock(7140002);
--> statement-breakpoint
-- The returns refunded before: taken off their products and customers on their day, for the
-- orders counted (a rebuild under way counts the others when it reaches them).
SELECT pp_sales_return_lists(r.id, pp_sales_day(coalesce(r.refunded_at, r.updated_at)))
FROM returns r JOIN orders o ON o.id = r.order_id
WHERE r.refund_state = 'refunded' AND pp_sales_counted(o.created_at, o.id);
