ALTER TABLE "sales_days" ADD COLUMN "tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_days" ADD COLUMN "freight_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_days" ADD COLUMN "refunded_tax_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "sales_days" ADD COLUMN "refunded_freight_cents" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- Issue 33, the sales dashboard: "revenue net of tax; tax and freight shown apart". The revenue
-- stays the sum of the lines (the goods); the tax and freight charged on a day's sales, and given
-- back on its refunds, are kept beside it in the day rows, by the same trigger and the same rebuild
-- step (decisions 024, 027, 028), so every period of the series carries them. The running totals
-- need nothing: they answer the top lists, which are goods alone.
-- As in 0016, with the order's tax and freight read with its buyer.
CREATE OR REPLACE FUNCTION pp_sales_count(p_order uuid, p_day date, p_sign int, p_refund boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	net int := CASE WHEN p_refund THEN -p_sign ELSE p_sign END;
	sold int := CASE WHEN p_refund THEN 0 ELSE p_sign END;
	back int := CASE WHEN p_refund THEN p_sign ELSE 0 END;
	buyer text;
	tax bigint;
	freight bigint;
	pieces bigint;
	cents bigint;
	closed date;
BEGIN
	SELECT coalesce(sum(quantity), 0), coalesce(sum(line_total_cents), 0) INTO pieces, cents
	FROM order_lines WHERE order_id = p_order;
	SELECT user_id, tax_cents, freight_cents INTO buyer, tax, freight FROM orders WHERE id = p_order;
	INSERT INTO sales_days AS s (day, shard, orders, gross_cents, units, refunds, refunded_cents, refunded_units,
		tax_cents, freight_cents, refunded_tax_cents, refunded_freight_cents)
	VALUES (p_day, pp_sales_shard(p_order), sold, sold * cents, sold * pieces, back, back * cents, back * pieces,
		sold * coalesce(tax, 0), sold * coalesce(freight, 0), back * coalesce(tax, 0), back * coalesce(freight, 0))
	ON CONFLICT (day, shard) DO UPDATE SET orders = s.orders + excluded.orders,
		gross_cents = s.gross_cents + excluded.gross_cents, units = s.units + excluded.units,
		refunds = s.refunds + excluded.refunds, refunded_cents = s.refunded_cents + excluded.refunded_cents,
		refunded_units = s.refunded_units + excluded.refunded_units,
		tax_cents = s.tax_cents + excluded.tax_cents, freight_cents = s.freight_cents + excluded.freight_cents,
		refunded_tax_cents = s.refunded_tax_cents + excluded.refunded_tax_cents,
		refunded_freight_cents = s.refunded_freight_cents + excluded.refunded_freight_cents;
	INSERT INTO sales_products AS s (period, product_id, units, revenue_cents)
	SELECT p_day, l.product_id, net * sum(l.quantity), net * sum(l.line_total_cents)
	FROM order_lines l
	WHERE l.order_id = p_order
	GROUP BY l.product_id
	ORDER BY l.product_id
	ON CONFLICT (period, product_id) DO UPDATE SET units = s.units + excluded.units,
		revenue_cents = s.revenue_cents + excluded.revenue_cents;
	INSERT INTO sales_customers AS s (period, user_id, orders, revenue_cents)
	VALUES (p_day, buyer, net, net * cents)
	ON CONFLICT (period, user_id) DO UPDATE SET orders = s.orders + excluded.orders,
		revenue_cents = s.revenue_cents + excluded.revenue_cents;
	PERFORM pg_advisory_xact_lock_shared(7140002);
	closed := (SELECT value::date FROM app_state WHERE key = 'sales_closed_through');
	IF p_day <= closed THEN
		INSERT INTO sales_product_totals AS t (day, product_id, units, revenue_cents)
		SELECT p_day + g, l.product_id, net * sum(l.quantity), net * sum(l.line_total_cents)
		FROM order_lines l, generate_series(0, closed - p_day) AS g
		WHERE l.order_id = p_order
		GROUP BY g, l.product_id
		ORDER BY g, l.product_id
		ON CONFLICT (day, product_id) DO UPDATE SET units = t.units + excluded.units,
			revenue_cents = t.revenue_cents + excluded.revenue_cents;
		INSERT INTO sales_customer_totals AS t (day, user_id, orders, revenue_cents)
		SELECT p_day + g, buyer, net, net * cents
		FROM generate_series(0, closed - p_day) AS g
		ORDER BY g
		ON CONFLICT (day, user_id) DO UPDATE SET orders = t.orders + excluded.orders,
			revenue_cents = t.revenue_cents + excluded.revenue_cents;
	END IF;
END $$;
--> statement-breakpoint
-- As in 0017, with each order's tax and freight counted into the day rows.
CREATE OR REPLACE FUNCTION pp_sales_rebuild_step(p_orders integer) RETURNS integer LANGUAGE plpgsql
SET enable_hashjoin = off SET enable_mergejoin = off AS $$
DECLARE
	zone text;
	from_at timestamptz;
	from_id uuid;
	last_at timestamptz;
	last_id uuid;
	counted integer;
BEGIN
	PERFORM pg_advisory_xact_lock(7140002);
	SELECT through_at, through_id INTO from_at, from_id FROM sales_rebuild;
	IF NOT FOUND THEN
		RETURN NULL;
	END IF;
	zone := coalesce((SELECT value FROM app_state WHERE key = 'sales_time_zone'), 'UTC');
	WITH batch AS MATERIALIZED (
		SELECT id, user_id, status, total_cents, tax_cents, freight_cents, created_at, updated_at FROM orders
		WHERE (created_at, id) > (coalesce(from_at, '-infinity'), coalesce(from_id, '00000000-0000-0000-0000-000000000000'))
		ORDER BY created_at, id
		LIMIT p_orders
	), statuses AS (
		INSERT INTO order_status_days AS s (day, status, shard, orders, total_cents)
		SELECT (created_at AT TIME ZONE zone)::date, status, 0, count(*), sum(total_cents)
		FROM batch GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, status, shard) DO UPDATE SET orders = s.orders + excluded.orders,
			total_cents = s.total_cents + excluded.total_cents
	), events AS MATERIALIZED (
		SELECT b.id AS order_id, b.user_id, (i.issued_at AT TIME ZONE zone)::date AS day, false AS refund,
			b.tax_cents, b.freight_cents
		FROM batch b JOIN invoices i ON i.order_id = b.id
		UNION ALL
		SELECT b.id, b.user_id, (b.updated_at AT TIME ZONE zone)::date, true, b.tax_cents, b.freight_cents
		FROM batch b JOIN invoices i ON i.order_id = b.id
		WHERE b.status = 'cancelled'
	), lines AS MATERIALIZED (
		SELECT e.order_id, e.user_id, e.day, e.refund, e.tax_cents, e.freight_cents, l.product_id,
			l.quantity, l.line_total_cents
		FROM events e JOIN order_lines l ON l.order_id = e.order_id
	), per_order AS MATERIALIZED (
		-- An order's tax and freight are one value on each of its lines: grouped by, not summed.
		SELECT order_id, user_id, day, refund, tax_cents AS tax, freight_cents AS freight,
			sum(quantity) AS pieces, sum(line_total_cents) AS cents
		FROM lines GROUP BY order_id, user_id, day, refund, tax_cents, freight_cents
	), days AS (
		INSERT INTO sales_days AS s (day, shard, orders, gross_cents, units, refunds, refunded_cents, refunded_units,
			tax_cents, freight_cents, refunded_tax_cents, refunded_freight_cents)
		SELECT day, pp_sales_shard(order_id),
			count(*) FILTER (WHERE NOT refund), coalesce(sum(cents) FILTER (WHERE NOT refund), 0),
			coalesce(sum(pieces) FILTER (WHERE NOT refund), 0),
			count(*) FILTER (WHERE refund), coalesce(sum(cents) FILTER (WHERE refund), 0),
			coalesce(sum(pieces) FILTER (WHERE refund), 0),
			coalesce(sum(tax) FILTER (WHERE NOT refund), 0), coalesce(sum(freight) FILTER (WHERE NOT refund), 0),
			coalesce(sum(tax) FILTER (WHERE refund), 0), coalesce(sum(freight) FILTER (WHERE refund), 0)
		FROM per_order GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, shard) DO UPDATE SET orders = s.orders + excluded.orders,
			gross_cents = s.gross_cents + excluded.gross_cents, units = s.units + excluded.units,
			refunds = s.refunds + excluded.refunds, refunded_cents = s.refunded_cents + excluded.refunded_cents,
			refunded_units = s.refunded_units + excluded.refunded_units,
			tax_cents = s.tax_cents + excluded.tax_cents, freight_cents = s.freight_cents + excluded.freight_cents,
			refunded_tax_cents = s.refunded_tax_cents + excluded.refunded_tax_cents,
			refunded_freight_cents = s.refunded_freight_cents + excluded.refunded_freight_cents
	), products AS (
		INSERT INTO sales_products AS s (period, product_id, units, revenue_cents)
		SELECT day, product_id, sum(CASE WHEN refund THEN -quantity ELSE quantity END),
			sum(CASE WHEN refund THEN -line_total_cents ELSE line_total_cents END)
		FROM lines GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (period, product_id) DO UPDATE SET units = s.units + excluded.units,
			revenue_cents = s.revenue_cents + excluded.revenue_cents
	), customers AS (
		INSERT INTO sales_customers AS s (period, user_id, orders, revenue_cents)
		SELECT day, user_id, sum(CASE WHEN refund THEN -1 ELSE 1 END),
			sum(CASE WHEN refund THEN -cents ELSE cents END)
		FROM per_order GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (period, user_id) DO UPDATE SET orders = s.orders + excluded.orders,
			revenue_cents = s.revenue_cents + excluded.revenue_cents
	)
	SELECT count(*) OVER (), created_at, id INTO counted, last_at, last_id
	FROM batch ORDER BY created_at DESC, id DESC LIMIT 1;
	IF counted IS NULL THEN
		TRUNCATE sales_rebuild;
		RETURN 0;
	END IF;
	UPDATE sales_rebuild SET through_at = last_at, through_id = last_id, orders = orders + counted;
	RETURN counted;
END $$;
--> statement-breakpoint
-- The sales counted before this migration: their tax and freight into the day rows they were
-- counted in. Only orders with either (none before 0021; a full read of orders, once), and only those
-- the roll-ups have counted (a rebuild under way counts the others itself with the new step). Under
-- the lock the triggers take shared, so no sale or step runs meanwhile.
SELECT pg_advisory_xact_lock(7140002);
--> statement-breakpoint
INSERT INTO sales_days AS s (day, shard, tax_cents, freight_cents, refunded_tax_cents, refunded_freight_cents)
SELECT day, shard, coalesce(sum(tax) FILTER (WHERE NOT refund), 0), coalesce(sum(freight) FILTER (WHERE NOT refund), 0),
	coalesce(sum(tax) FILTER (WHERE refund), 0), coalesce(sum(freight) FILTER (WHERE refund), 0)
FROM (
	SELECT pp_sales_day(i.issued_at) AS day, pp_sales_shard(o.id) AS shard, false AS refund,
		o.tax_cents AS tax, o.freight_cents AS freight
	FROM orders o JOIN invoices i ON i.order_id = o.id
	WHERE (o.tax_cents <> 0 OR o.freight_cents <> 0) AND pp_sales_counted(o.created_at, o.id)
	UNION ALL
	SELECT pp_sales_day(o.updated_at), pp_sales_shard(o.id), true, o.tax_cents, o.freight_cents
	FROM orders o JOIN invoices i ON i.order_id = o.id
	WHERE (o.tax_cents <> 0 OR o.freight_cents <> 0) AND o.status = 'cancelled'
		AND pp_sales_counted(o.created_at, o.id)
) charged
GROUP BY day, shard
ORDER BY day, shard
ON CONFLICT (day, shard) DO UPDATE SET tax_cents = s.tax_cents + excluded.tax_cents,
	freight_cents = s.freight_cents + excluded.freight_cents,
	refunded_tax_cents = s.refunded_tax_cents + excluded.refunded_tax_cents,
	refunded_freight_cents = s.refunded_freight_cents + excluded.refunded_freight_cents;
