CREATE TABLE "order_status_days" (
	"day" date NOT NULL,
	"status" text NOT NULL,
	"shard" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"total_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "order_status_days_day_status_shard_pk" PRIMARY KEY("day","status","shard")
);
--> statement-breakpoint
CREATE TABLE "sales_customers" (
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"user_id" text NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_customers_grain_period_user_id_pk" PRIMARY KEY("grain","period","user_id")
);
--> statement-breakpoint
CREATE TABLE "sales_days" (
	"day" date NOT NULL,
	"shard" smallint NOT NULL,
	"orders" integer DEFAULT 0 NOT NULL,
	"gross_cents" bigint DEFAULT 0 NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"refunds" integer DEFAULT 0 NOT NULL,
	"refunded_cents" bigint DEFAULT 0 NOT NULL,
	"refunded_units" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_days_day_shard_pk" PRIMARY KEY("day","shard")
);
--> statement-breakpoint
CREATE TABLE "sales_products" (
	"grain" text NOT NULL,
	"period" date NOT NULL,
	"product_id" uuid NOT NULL,
	"units" bigint DEFAULT 0 NOT NULL,
	"revenue_cents" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_products_grain_period_product_id_pk" PRIMARY KEY("grain","period","product_id")
);
--> statement-breakpoint
-- Issue 21 (decision 024): the sales dashboard's roll-ups, kept by deferred triggers on `invoices`
-- and `orders` in the transactions that change them, and rebuilt from those tables by
-- pp_sales_rebuild(). A sale is an invoiced order, counted on the shop's day its invoice was issued
-- (a card order is invoiced when its payment is confirmed, one on account when it is placed or
-- approved); a refund is an invoiced order since cancelled, counted on the day of its cancel (its
-- `updated_at`). Orders are counted by status on the day they were placed. The shop's time zone is
-- app_state 'sales_time_zone' (the server keeps it equal to SHOP_TIME_ZONE, rebuilding on a change).
INSERT INTO "app_state" ("key", "value") VALUES ('sales_time_zone', 'UTC') ON CONFLICT ("key") DO NOTHING;
--> statement-breakpoint
CREATE FUNCTION pp_sales_day(at timestamptz) RETURNS date LANGUAGE sql STABLE AS $$
	SELECT (at AT TIME ZONE coalesce((SELECT value FROM app_state WHERE key = 'sales_time_zone'), 'UTC'))::date
$$;
--> statement-breakpoint
-- 16 counter rows a day: concurrent orders seldom wait for one another's row.
CREATE FUNCTION pp_sales_shard(order_id uuid) RETURNS smallint LANGUAGE sql IMMUTABLE AS $$
	SELECT (hashtext(order_id::text) & 15)::smallint
$$;
--> statement-breakpoint
-- An order's lines counted on a day: `sign` +1 adds them, -1 takes them back; `refund` counts them
-- as refunded (products and customers then go down by them). Rows are written table by table and,
-- within a table, in key order, so two transactions take shared rows in the same order.
CREATE FUNCTION pp_sales_count(p_order uuid, p_day date, p_sign int, p_refund boolean) RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	net int := CASE WHEN p_refund THEN -p_sign ELSE p_sign END;
	sold int := CASE WHEN p_refund THEN 0 ELSE p_sign END;
	back int := CASE WHEN p_refund THEN p_sign ELSE 0 END;
	buyer text;
	pieces bigint;
	cents bigint;
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
	INSERT INTO sales_products AS s (grain, period, product_id, units, revenue_cents)
	SELECT g.grain, g.period, l.product_id, net * sum(l.quantity), net * sum(l.line_total_cents)
	FROM order_lines l, (VALUES ('d', p_day), ('m', date_trunc('month', p_day)::date)) AS g (grain, period)
	WHERE l.order_id = p_order
	GROUP BY g.grain, g.period, l.product_id
	ORDER BY g.grain, g.period, l.product_id
	ON CONFLICT (grain, period, product_id) DO UPDATE SET units = s.units + excluded.units,
		revenue_cents = s.revenue_cents + excluded.revenue_cents;
	INSERT INTO sales_customers AS s (grain, period, user_id, orders, revenue_cents)
	SELECT g.grain, g.period, buyer, net, net * cents
	FROM (VALUES ('d', p_day), ('m', date_trunc('month', p_day)::date)) AS g (grain, period)
	ORDER BY g.grain, g.period
	ON CONFLICT (grain, period, user_id) DO UPDATE SET orders = s.orders + excluded.orders,
		revenue_cents = s.revenue_cents + excluded.revenue_cents;
END $$;
--> statement-breakpoint
CREATE FUNCTION pp_sales_invoice_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF TG_OP = 'UPDATE' THEN
		PERFORM pp_sales_count(OLD.order_id, pp_sales_day(OLD.issued_at), -1, false);
	END IF;
	PERFORM pp_sales_count(NEW.order_id, pp_sales_day(NEW.issued_at), 1, false);
	RETURN NULL;
END $$;
--> statement-breakpoint
-- Deferred to the commit: the order's lines are all written by then, whatever the statement order,
-- and the counter rows are locked only while the transaction commits.
CREATE CONSTRAINT TRIGGER "sales_invoice_added" AFTER INSERT ON "invoices" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION pp_sales_invoice_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sales_invoice_moved" AFTER UPDATE ON "invoices" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW WHEN (OLD.issued_at IS DISTINCT FROM NEW.issued_at OR OLD.order_id IS DISTINCT FROM NEW.order_id)
	EXECUTE FUNCTION pp_sales_invoice_changed();
--> statement-breakpoint
CREATE FUNCTION pp_sales_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	invoiced boolean;
BEGIN
	IF TG_OP = 'INSERT' THEN
		INSERT INTO order_status_days AS s (day, status, shard, orders, total_cents)
		VALUES (pp_sales_day(NEW.created_at), NEW.status, pp_sales_shard(NEW.id), 1, NEW.total_cents)
		ON CONFLICT (day, status, shard) DO UPDATE SET orders = s.orders + excluded.orders,
			total_cents = s.total_cents + excluded.total_cents;
		RETURN NULL;
	END IF;
	-- The order leaves its old status (and day) for its new one: one statement, in key order.
	INSERT INTO order_status_days AS s (day, status, shard, orders, total_cents)
	SELECT v.day, v.status, pp_sales_shard(NEW.id), sum(v.n), sum(v.cents)
	FROM (VALUES (pp_sales_day(OLD.created_at), OLD.status, -1, -OLD.total_cents),
		(pp_sales_day(NEW.created_at), NEW.status, 1, NEW.total_cents)) AS v (day, status, n, cents)
	GROUP BY v.day, v.status
	ORDER BY v.day, v.status
	ON CONFLICT (day, status, shard) DO UPDATE SET orders = s.orders + excluded.orders,
		total_cents = s.total_cents + excluded.total_cents;
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
CREATE CONSTRAINT TRIGGER "sales_order_added" AFTER INSERT ON "orders" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW EXECUTE FUNCTION pp_sales_order_changed();
--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "sales_order_changed" AFTER UPDATE ON "orders" DEFERRABLE INITIALLY DEFERRED
	FOR EACH ROW WHEN (OLD.status IS DISTINCT FROM NEW.status OR OLD.created_at IS DISTINCT FROM NEW.created_at
		OR OLD.total_cents IS DISTINCT FROM NEW.total_cents
		OR (NEW.status = 'cancelled' AND OLD.updated_at IS DISTINCT FROM NEW.updated_at))
	EXECUTE FUNCTION pp_sales_order_changed();
--> statement-breakpoint
-- Every roll-up row again, from the orders, their lines and invoices: what the triggers keep, by
-- definition. Run by this migration (the backfill) and by the server when SHOP_TIME_ZONE changes,
-- under a lock that keeps order changes out meanwhile.
CREATE FUNCTION pp_sales_rebuild() RETURNS void LANGUAGE plpgsql AS $$
DECLARE
	zone text := coalesce((SELECT value FROM app_state WHERE key = 'sales_time_zone'), 'UTC');
BEGIN
	DELETE FROM sales_days;
	DELETE FROM sales_products;
	DELETE FROM sales_customers;
	DELETE FROM order_status_days;
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
--> statement-breakpoint
SELECT pp_sales_rebuild();
