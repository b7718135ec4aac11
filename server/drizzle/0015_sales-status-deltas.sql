CREATE TABLE "order_status_deltas" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"orders" integer NOT NULL,
	"total_cents" bigint NOT NULL
);
--> statement-breakpoint
-- Issue 21 (decision 024, "orders by status"): the orders trigger no longer adds to the counter
-- rows of `order_status_days` at each commit, where concurrent orders of the same day and status
-- waited for one another's row (16 shards: a one-line order bench lost a third of its orders a
-- second). It appends the change to `order_status_deltas` (no key: an insert waits for no one), and
-- pp_sales_fold_status(), run every few seconds by every server, moves what is there into the
-- counter rows. The dashboard adds the deltas not folded yet.
CREATE OR REPLACE FUNCTION pp_sales_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	invoiced boolean;
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO order_status_deltas (day, status, orders, total_cents)
		VALUES (pp_sales_day(NEW.created_at), NEW.status, 1, NEW.total_cents);
		RETURN NULL;
	END IF;
	-- The order leaves its old status (and day) for its new one.
	INSERT INTO order_status_deltas (day, status, orders, total_cents)
	VALUES (pp_sales_day(OLD.created_at), OLD.status, -1, -OLD.total_cents),
		(pp_sales_day(NEW.created_at), NEW.status, 1, NEW.total_cents);
	-- Refunds: an invoiced order that is cancelled, on the day of its cancel. (No route cancels an
	-- invoiced order today; a refund route will, and is counted here without more code.)
	invoiced := EXISTS (SELECT 1 FROM invoices WHERE order_id = NEW.id);
	IF invoiced AND OLD.status = 'cancelled' THEN
		PERFORM pp_sales_count(NEW.id, pp_sales_day(OLD.updated_at), -1, true);
	END IF;
	IF invoiced AND NEW.status = 'cancelled' AND (OLD.status IN ('pending', 'shipped', 'cancelled')) THEN
		PERFORM pp_sales_count(NEW.id, pp_sales_day(NEW.updated_at), 1, true);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Moves the deltas into the counter rows, in key order; answers how many deltas it moved. Two folds
-- at once (two servers) take different rows: the second waits for the rows the first deleted and
-- then finds them gone. A delta of a transaction not committed yet is not seen, and waits for the
-- next fold.
CREATE FUNCTION pp_sales_fold_status() RETURNS integer LANGUAGE sql AS $$
	WITH moved AS (
		DELETE FROM order_status_deltas RETURNING day, status, orders, total_cents
	), folded AS (
		INSERT INTO order_status_days AS s (day, status, shard, orders, total_cents)
		SELECT day, status, 0, sum(orders), sum(total_cents) FROM moved
		GROUP BY day, status ORDER BY day, status
		ON CONFLICT (day, status, shard) DO UPDATE SET orders = s.orders + excluded.orders,
			total_cents = s.total_cents + excluded.total_cents
		RETURNING 1
	)
	SELECT count(*)::int FROM moved
$$;
--> statement-breakpoint
-- The rebuild counts from the orders themselves: the deltas go with the old counter rows.
CREATE OR REPLACE FUNCTION pp_sales_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	zone text := coalesce((SELECT value FROM app_state WHERE key = 'sales_time_zone'), 'UTC');
BEGIN
	DELETE FROM sales_days;
	DELETE FROM sales_products;
	DELETE FROM sales_customers;
	DELETE FROM order_status_days;
	DELETE FROM order_status_deltas;
	INSERT INTO order_status_days (day, status, shard, orders, total_cents)
	SELECT (created_at AT TIME ZONE zone)::date, status, pp_sales_shard(id), count(*), sum(total_cents)
	FROM orders GROUP BY 1, 2, 3;
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
	INSERT INTO sales_products (grain, period, product_id, units, revenue_cents)
	SELECT 'd', e.day, l.product_id,
		sum(CASE WHEN e.refund THEN -l.quantity ELSE l.quantity END),
		sum(CASE WHEN e.refund THEN -l.line_total_cents ELSE l.line_total_cents END)
	FROM pp_sales_events e JOIN order_lines l ON l.order_id = e.order_id
	GROUP BY 1, 2, 3;
	INSERT INTO sales_products (grain, period, product_id, units, revenue_cents)
	SELECT 'm', date_trunc('month', period)::date, product_id, sum(units), sum(revenue_cents)
	FROM sales_products WHERE grain = 'd' GROUP BY 1, 2, 3;
	INSERT INTO sales_customers (grain, period, user_id, orders, revenue_cents)
	SELECT 'd', e.day, o.user_id, sum(CASE WHEN e.refund THEN -1 ELSE 1 END),
		sum(CASE WHEN e.refund THEN -l.cents ELSE l.cents END)
	FROM pp_sales_events e
	JOIN orders o ON o.id = e.order_id
	JOIN (SELECT order_id, sum(line_total_cents) AS cents FROM order_lines GROUP BY order_id) l
		ON l.order_id = e.order_id
	GROUP BY 1, 2, 3;
	INSERT INTO sales_customers (grain, period, user_id, orders, revenue_cents)
	SELECT 'm', date_trunc('month', period)::date, user_id, sum(orders), sum(revenue_cents)
	FROM sales_customers WHERE grain = 'd' GROUP BY 1, 2, 3;
	DROP TABLE pp_sales_events;
END $$;
