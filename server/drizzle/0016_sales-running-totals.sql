CREATE TABLE "sales_customer_totals" (
	"day" date NOT NULL,
	"user_id" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_customer_totals_day_user_id_pk" PRIMARY KEY("day","user_id")
);
--> statement-breakpoint
CREATE TABLE "sales_product_totals" (
	"day" date NOT NULL,
	"product_id" uuid NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_product_totals_day_product_id_pk" PRIMARY KEY("day","product_id")
);
--> statement-breakpoint
-- Day rows only from here on: the month rows go (running totals answer long ranges), before the
-- key without the grain is made.
DELETE FROM "sales_customers" WHERE "grain" = 'm';--> statement-breakpoint
DELETE FROM "sales_products" WHERE "grain" = 'm';--> statement-breakpoint
ALTER TABLE "sales_customers" DROP CONSTRAINT "sales_customers_grain_period_user_id_pk";--> statement-breakpoint
ALTER TABLE "sales_products" DROP CONSTRAINT "sales_products_grain_period_product_id_pk";--> statement-breakpoint
ALTER TABLE "sales_customers" DROP COLUMN "grain";--> statement-breakpoint
ALTER TABLE "sales_products" DROP COLUMN "grain";--> statement-breakpoint
ALTER TABLE "sales_customers" ADD CONSTRAINT "sales_customers_period_user_id_pk" PRIMARY KEY("period","user_id");--> statement-breakpoint
ALTER TABLE "sales_products" ADD CONSTRAINT "sales_products_period_product_id_pk" PRIMARY KEY("period","product_id");--> statement-breakpoint
-- Issue 21 (decision 027): running totals. The top products and customers of a range summed a row
-- per product (or customer) and day or month of the range: at 10^7 orders some 250,000 rows for 30
-- days, 0.7–1.5 s. A product's running total through the end of each closed day makes any range of
-- closed days two rows a product, total(to) − total(from − 1), each day's rows one stretch of the
-- key; the days not closed yet (today, as a rule) are read from the day rows as before.
-- `pp_sales_close_day()` closes the days once they are over, one a transaction, each day's totals
-- the day before's plus its day rows, a row for every product and customer sold by then; a sale
-- counted on a day already closed (a commit just after midnight, a moved invoice) adds itself to
-- that day's totals and every later one's. The last closed day is app_state 'sales_closed_through';
-- none is closed at first: the servers close them in the background (correct meanwhile, slower).
-- Advisory lock 7140002 (the migrations hold 7140001): exclusive while a day is closed or the
-- roll-ups rebuilt, shared by a sale that looks whether its day is closed, so that a sale committing
-- while its day is being closed is either in the day rows the close reads or sees the day closed.
CREATE OR REPLACE FUNCTION pp_sales_count(p_order uuid, p_day date, p_sign int, p_refund boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	net int := CASE WHEN p_refund THEN -p_sign ELSE p_sign END;
	sold int := CASE WHEN p_refund THEN 0 ELSE p_sign END;
	back int := CASE WHEN p_refund THEN p_sign ELSE 0 END;
	buyer text;
	pieces bigint;
	cents bigint;
	closed date;
BEGIN
	SELECT coalesce(sum(quantity), 0), coalesce(sum(line_total_cents), 0) INTO pieces, cents
	FROM order_lines WHERE order_id = p_order;
	SELECT user_id INTO buyer FROM orders WHERE id = p_order;
	INSERT INTO sales_days AS s (day, shard, orders, gross_cents, units, refunds, refunded_cents, refunded_units)
	VALUES (p_day, pp_sales_shard(p_order), sold, sold * cents, sold * pieces, back, back * cents, back * pieces)
	ON CONFLICT (day, shard) DO UPDATE SET orders = s.orders + excluded.orders,
		gross_cents = s.gross_cents + excluded.gross_cents, units = s.units + excluded.units,
		refunds = s.refunds + excluded.refunds, refunded_cents = s.refunded_cents + excluded.refunded_cents,
		refunded_units = s.refunded_units + excluded.refunded_units;
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
-- Closes the day after the last closed one when it is over in the shop's zone (the first day with
-- sales when none is closed): its totals are the day before's plus its day rows. Answers the day it
-- closed, or null when there is none to close. One day a call: the lock is held a fraction of a second.
CREATE FUNCTION pp_sales_close_day() RETURNS date LANGUAGE plpgsql AS $$
DECLARE
	closed date;
	closing date;
BEGIN
	PERFORM pg_advisory_xact_lock(7140002);
	closed := (SELECT value::date FROM app_state WHERE key = 'sales_closed_through');
	closing := coalesce(closed + 1,
		least((SELECT min(period) FROM sales_products), (SELECT min(period) FROM sales_customers)));
	IF closing IS NULL OR closing >= pp_sales_day(clock_timestamp()) THEN
		RETURN NULL;
	END IF;
	INSERT INTO sales_product_totals (day, product_id, units, revenue_cents)
	SELECT closing, coalesce(t.product_id, d.product_id), coalesce(t.units, 0) + coalesce(d.units, 0),
		coalesce(t.revenue_cents, 0) + coalesce(d.revenue_cents, 0)
	FROM (SELECT * FROM sales_product_totals WHERE day = closed) t
	FULL JOIN (SELECT * FROM sales_products WHERE period = closing) d ON d.product_id = t.product_id;
	INSERT INTO sales_customer_totals (day, user_id, orders, revenue_cents)
	SELECT closing, coalesce(t.user_id, d.user_id), coalesce(t.orders, 0) + coalesce(d.orders, 0),
		coalesce(t.revenue_cents, 0) + coalesce(d.revenue_cents, 0)
	FROM (SELECT * FROM sales_customer_totals WHERE day = closed) t
	FULL JOIN (SELECT * FROM sales_customers WHERE period = closing) d ON d.user_id = t.user_id;
	INSERT INTO app_state (key, value) VALUES ('sales_closed_through', closing::text)
	ON CONFLICT (key) DO UPDATE SET value = excluded.value, updated_at = now();
	RETURN closing;
END $$;
--> statement-breakpoint
-- Orders by status: one row a day and status. Since 0015 no order waits for these rows (the fold
-- writes them, in shard 0); the 16 shards the rebuild still made were 16 times the rows the
-- dashboard sums (70,000 for three years at 10^7 orders, 85 ms).
WITH sharded AS (
	DELETE FROM order_status_days WHERE shard <> 0 RETURNING day, status, orders, total_cents
)
INSERT INTO order_status_days AS s (day, status, shard, orders, total_cents)
SELECT day, status, 0, sum(orders), sum(total_cents) FROM sharded GROUP BY day, status
ON CONFLICT (day, status, shard) DO UPDATE SET orders = s.orders + excluded.orders,
	total_cents = s.total_cents + excluded.total_cents;
--> statement-breakpoint
-- The rebuild empties the roll-ups with TRUNCATE, not DELETE (the day tables and the totals hold
-- millions of rows at 10^7 orders: a DELETE kept them all as dead rows, doubled the tables and left
-- the new rows to a vacuum before an index-only scan could use them). Dashboard reads wait for the
-- rebuild meanwhile, as order writes already do. No day is closed after it: the servers close them
-- again in the background, outside the lock on orders. Orders by status in shard 0 only.
CREATE OR REPLACE FUNCTION pp_sales_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	zone text := coalesce((SELECT value FROM app_state WHERE key = 'sales_time_zone'), 'UTC');
BEGIN
	PERFORM pg_advisory_xact_lock(7140002);
	TRUNCATE sales_days, sales_products, sales_customers, sales_product_totals, sales_customer_totals,
		order_status_days, order_status_deltas;
	DELETE FROM app_state WHERE key = 'sales_closed_through';
	INSERT INTO order_status_days (day, status, shard, orders, total_cents)
	SELECT (created_at AT TIME ZONE zone)::date, status, 0, count(*), sum(total_cents)
	FROM orders GROUP BY 1, 2;
	CREATE TEMPORARY TABLE pp_sales_events ON COMMIT DROP AS
	SELECT i.order_id, (i.issued_at AT TIME ZONE zone)::date AS day, false AS refund
	FROM invoices i
	UNION ALL
	SELECT o.id, (o.updated_at AT TIME ZONE zone)::date, true
	FROM orders o JOIN invoices i ON i.order_id = o.id
	WHERE o.status = 'cancelled';
	INSERT INTO sales_days (day, shard, orders, gross_cents, units, refunds, refunded_cents, refunded_units)
	SELECT e.day, pp_sales_shard(e.order_id),
		count(*) FILTER (WHERE NOT e.refund), coalesce(sum(l.cents) FILTER (WHERE NOT e.refund), 0),
		coalesce(sum(l.pieces) FILTER (WHERE NOT e.refund), 0),
		count(*) FILTER (WHERE e.refund), coalesce(sum(l.cents) FILTER (WHERE e.refund), 0),
		coalesce(sum(l.pieces) FILTER (WHERE e.refund), 0)
	FROM pp_sales_events e
	JOIN (SELECT order_id, sum(quantity) AS pieces, sum(line_total_cents) AS cents
		FROM order_lines GROUP BY order_id) l ON l.order_id = e.order_id
	GROUP BY 1, 2;
	INSERT INTO sales_products (period, product_id, units, revenue_cents)
	SELECT e.day, l.product_id,
		sum(CASE WHEN e.refund THEN -l.quantity ELSE l.quantity END),
		sum(CASE WHEN e.refund THEN -l.line_total_cents ELSE l.line_total_cents END)
	FROM pp_sales_events e JOIN order_lines l ON l.order_id = e.order_id
	GROUP BY 1, 2;
	INSERT INTO sales_customers (period, user_id, orders, revenue_cents)
	SELECT e.day, o.user_id, sum(CASE WHEN e.refund THEN -1 ELSE 1 END),
		sum(CASE WHEN e.refund THEN -l.cents ELSE l.cents END)
	FROM pp_sales_events e
	JOIN orders o ON o.id = e.order_id
	JOIN (SELECT order_id, sum(line_total_cents) AS cents FROM order_lines GROUP BY order_id) l
		ON l.order_id = e.order_id
	GROUP BY 1, 2;
	DROP TABLE pp_sales_events;
END $$;
