ALTER TABLE "return_lines" ADD COLUMN "refund_goods_cents" bigint;--> statement-breakpoint
-- custom: issue 37, the dashboard's top lists ("by revenue, refunds taken off") take a return's
-- refund off its products and its customer, as they take off an order refunded whole: each product
-- its pieces (not a core's: the buyer kept the part) and its goods less its share of the
-- restocking fee, the customer the goods less the fee (what the day rows net: the refund less its
-- tax, freight and deposits). The fee is split by goods, largest remainder first: the shares add
-- up to the fee and none is more than its line's goods.
-- A line's goods estimated where none were kept (returns refunded before this migration, or by a
-- server of the release before during a rolling deploy): its pieces at its product's first
-- invoice line's price (the refund took a product on several lines first line first).
CREATE FUNCTION pp_sales_return_line_goods(p_order uuid, p_product uuid, p_reason text, p_pieces bigint)
RETURNS bigint LANGUAGE sql STABLE AS $$
	SELECT CASE WHEN p_reason = 'core_return' THEN 0 ELSE
		p_pieces * coalesce((SELECT ol.unit_price_cents FROM order_lines ol
			WHERE ol.order_id = p_order AND ol.product_id = p_product ORDER BY ol.line_no LIMIT 1), 0) END
$$;
--> statement-breakpoint
UPDATE return_lines l SET refund_goods_cents =
	pp_sales_return_line_goods(r.order_id, l.product_id, l.reason, (l.restocked + l.scrapped)::bigint)
FROM returns r WHERE r.id = l.return_id AND r.refund_cents IS NOT NULL;
--> statement-breakpoint
-- ... and what the estimate misses of what the refund netted (a product on several lines; a refund
-- made before 0034 kept no tax split, so all of it counted as goods) on each return's largest line:
-- its products then add up to what its day row and its customer net.
UPDATE return_lines l SET refund_goods_cents = l.refund_goods_cents + d.missing
FROM (
	SELECT DISTINCT ON (r.id) r.id AS return_id, x.product_id,
		r.refund_cents - coalesce(r.refund_tax_cents, 0) - coalesce(r.refund_freight_cents, 0)
			- coalesce(r.refund_deposit_cents, 0) + coalesce(r.restocking_fee_cents, 0)
			- (SELECT sum(y.refund_goods_cents) FROM return_lines y WHERE y.return_id = r.id) AS missing
	FROM returns r JOIN return_lines x ON x.return_id = r.id
	WHERE r.refund_cents IS NOT NULL AND x.reason <> 'core_return'
	ORDER BY r.id, x.refund_goods_cents DESC, x.product_id
) d
WHERE l.return_id = d.return_id AND l.product_id = d.product_id AND d.missing <> 0
	AND l.refund_goods_cents + d.missing >= 0;
--> statement-breakpoint
CREATE FUNCTION pp_sales_return_goods(p_return uuid)
RETURNS TABLE (product_id uuid, pieces bigint, cents bigint) LANGUAGE sql STABLE AS $$
	WITH g AS (
		SELECT l.product_id,
			CASE WHEN l.reason <> 'core_return' THEN l.restocked + l.scrapped ELSE 0 END::bigint AS pieces,
			coalesce(l.refund_goods_cents, pp_sales_return_line_goods(r.order_id, l.product_id, l.reason,
				(l.restocked + l.scrapped)::bigint)) AS cents,
			coalesce(r.restocking_fee_cents, 0) AS fee
		FROM return_lines l JOIN returns r ON r.id = l.return_id
		WHERE l.return_id = p_return
	), totalled AS (
		SELECT g.*, sum(cents) OVER () AS goods FROM g
	), shared AS (
		SELECT t.*,
			CASE WHEN goods > 0 THEN floor(fee::numeric * cents / goods)::bigint ELSE 0 END AS share,
			row_number() OVER (ORDER BY CASE WHEN goods > 0 THEN (fee::numeric * cents) % goods END DESC,
				product_id) AS n
		FROM totalled t
	)
	SELECT product_id, pieces,
		cents - share - CASE WHEN goods > 0 AND n <= fee - sum(share) OVER () THEN 1 ELSE 0 END
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
-- orders counted (a rebuild under way counts the others when it reaches them). Into the day rows
-- only: the running totals are made again by the servers' day close, one day a transaction in the
-- background, as after 0016 (rewriting every closed day's totals for each return here would hold
-- the roll-ups' lock, and every sale, for as long). Until then the top lists read the day rows.
DELETE FROM sales_product_totals WHERE EXISTS (SELECT 1 FROM returns WHERE refund_state = 'refunded');
--> statement-breakpoint
DELETE FROM sales_customer_totals WHERE EXISTS (SELECT 1 FROM returns WHERE refund_state = 'refunded');
--> statement-breakpoint
DELETE FROM app_state WHERE key = 'sales_closed_through'
	AND EXISTS (SELECT 1 FROM returns WHERE refund_state = 'refunded');
--> statement-breakpoint
SELECT pp_sales_return_lists(r.id, pp_sales_day(coalesce(r.refunded_at, r.updated_at)))
FROM returns r JOIN orders o ON o.id = r.order_id
WHERE r.refund_state = 'refunded' AND pp_sales_counted(o.created_at, o.id);
