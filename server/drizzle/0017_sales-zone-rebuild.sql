CREATE TABLE "sales_rebuild" (
	"one" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"through_at" timestamp with time zone,
	"through_id" uuid,
	"orders" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "sales_rebuild_one_row" CHECK ("sales_rebuild"."one")
);
--> statement-breakpoint
-- Issue 21 (decision 028): a change of SHOP_TIME_ZONE no longer rebuilds the roll-ups in one
-- transaction that holds every order and invoice write back (424 s at 10^7 orders). The switch
-- (pp_sales_rebuild(), with the new zone stored in the same transaction) empties the roll-ups and
-- marks them rebuilding: milliseconds. pp_sales_rebuild_step() then counts the orders again in the
-- order they were placed ((created_at, id), the index orders_newest_idx), a few thousand a
-- transaction, every server's sweep calling it until none is left; `sales_rebuild` holds the last
-- order counted, so a restart resumes there. Meanwhile the triggers count the changes of the orders
-- the rebuild has passed and leave the others to it: a change committed before the step that passes
-- its order is counted by that step, one committed after it by its trigger; never both, never
-- neither. The dashboard answers "being rebuilt" (409) until the row is gone.
--
-- Advisory lock 7140002 (decision 027) now guards that choice too: every trigger takes it shared
-- first, before it reads the zone, the rebuild's progress and the last closed day (pp_sales_count's
-- own shared lock, from 0016, is then one it holds already); the switch, a rebuild step and a day's
-- close take it exclusively. So a trigger that ran before a step committed before the step read the
-- orders, and one that runs after it sees its progress. A sale's commit waits at most one step.
--
-- Whether the roll-ups count an order's changes now: always, but while they are rebuilt only once
-- the rebuild has passed the order.
CREATE FUNCTION pp_sales_counted(p_created timestamptz, p_order uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
	SELECT coalesce((SELECT coalesce((p_created, p_order) <= (through_at, through_id), false) FROM sales_rebuild), true)
$$;
--> statement-breakpoint
CREATE FUNCTION pp_sales_order_counted(p_order uuid) RETURNS boolean LANGUAGE sql STABLE AS $$
	SELECT coalesce((SELECT coalesce((o.created_at, o.id) <= (r.through_at, r.through_id), false)
		FROM sales_rebuild r LEFT JOIN orders o ON o.id = p_order), true)
$$;
--> statement-breakpoint
-- An invoice counts its order's sale, unless a rebuild has not reached the order yet; a moved
-- invoice takes it back from its old order (if counted there) and gives it to the new one.
CREATE OR REPLACE FUNCTION pp_sales_invoice_changed() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock_shared(7140002);
	IF TG_OP = 'UPDATE' AND pp_sales_order_counted(OLD.order_id) THEN
		PERFORM pp_sales_count(OLD.order_id, pp_sales_day(OLD.issued_at), -1, false);
	END IF;
	IF pp_sales_order_counted(NEW.order_id) THEN
		PERFORM pp_sales_count(NEW.order_id, pp_sales_day(NEW.issued_at), 1, false);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pp_sales_order_changed() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	invoiced boolean;
	was_counted boolean;
	is_counted boolean;
BEGIN
	PERFORM pg_advisory_xact_lock_shared(7140002);
	is_counted := pp_sales_counted(NEW.created_at, NEW.id);
	IF TG_OP = 'INSERT' THEN
		IF is_counted THEN
			INSERT INTO order_status_deltas (day, status, orders, total_cents)
			VALUES (pp_sales_day(NEW.created_at), NEW.status, 1, NEW.total_cents);
		END IF;
		RETURN NULL;
	END IF;
	was_counted := pp_sales_counted(OLD.created_at, OLD.id);
	-- The order leaves its old status (and day) for its new one, each side if counted there.
	INSERT INTO order_status_deltas (day, status, orders, total_cents)
	SELECT v.day, v.status, v.n, v.cents
	FROM (VALUES (pp_sales_day(OLD.created_at), OLD.status, -1, -OLD.total_cents, was_counted),
		(pp_sales_day(NEW.created_at), NEW.status, 1, NEW.total_cents, is_counted))
		AS v (day, status, n, cents, counted)
	WHERE v.counted;
	-- Refunds: an invoiced order that is cancelled, on the day of its cancel. (No route cancels an
	-- invoiced order today; a refund route will, and is counted here without more code.)
	invoiced := EXISTS (SELECT 1 FROM invoices WHERE order_id = NEW.id);
	IF invoiced AND was_counted AND OLD.status = 'cancelled' THEN
		PERFORM pp_sales_count(NEW.id, pp_sales_day(OLD.updated_at), -1, true);
	END IF;
	IF invoiced AND is_counted AND NEW.status = 'cancelled' AND (OLD.status IN ('pending', 'shipped', 'cancelled')) THEN
		PERFORM pp_sales_count(NEW.id, pp_sales_day(NEW.updated_at), 1, true);
	END IF;
	-- A new created_at moved the order across the rebuild's progress: its sale goes with it.
	IF invoiced AND was_counted <> is_counted THEN
		PERFORM pp_sales_count(NEW.id, pp_sales_day((SELECT issued_at FROM invoices WHERE order_id = NEW.id)),
			CASE WHEN is_counted THEN 1 ELSE -1 END, false);
	END IF;
	RETURN NULL;
END $$;
--> statement-breakpoint
-- As in 0016; no day is closed while the roll-ups are rebuilt (a day's rows are complete only once
-- every order is counted).
CREATE OR REPLACE FUNCTION pp_sales_close_day() RETURNS date LANGUAGE plpgsql AS $$
DECLARE
	closed date;
	closing date;
BEGIN
	PERFORM pg_advisory_xact_lock(7140002);
	IF EXISTS (SELECT 1 FROM sales_rebuild) THEN
		RETURN NULL;
	END IF;
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
-- Starts a rebuild in the zone stored in app_state 'sales_time_zone' (the caller stores the new one
-- in the same transaction): empties the roll-ups and marks them rebuilding, no order counted yet.
-- TRUNCATE, not DELETE (decision 027: millions of dead rows otherwise). Quick: the steps do the work.
CREATE OR REPLACE FUNCTION pp_sales_rebuild() RETURNS void LANGUAGE plpgsql AS $$
BEGIN
	PERFORM pg_advisory_xact_lock(7140002);
	TRUNCATE sales_days, sales_products, sales_customers, sales_product_totals, sales_customer_totals,
		order_status_days, order_status_deltas, sales_rebuild;
	DELETE FROM app_state WHERE key = 'sales_closed_through';
	INSERT INTO sales_rebuild DEFAULT VALUES;
END $$;
--> statement-breakpoint
-- Counts the next `p_orders` orders after the last one counted, in the order they were placed: their
-- status on the day they were placed, their sale on their invoice's day and, cancelled after it, their
-- refund on the day of the cancel, as the triggers would have. Answers how many it counted; 0 when
-- none was left (the rebuild is then over: the row goes, the triggers count everything and the days
-- can be closed); null when no rebuild is under way. Joins by index lookups only: the planner, with
-- a few thousand orders against all the invoices and lines, picked hash joins over whole tables (on
-- 300,000 orders 0.6 s a step of 5,000 instead of 0.3 s; at 10^7 it would read them all each step).
CREATE FUNCTION pp_sales_rebuild_step(p_orders integer) RETURNS integer LANGUAGE plpgsql
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
		SELECT id, user_id, status, total_cents, created_at, updated_at FROM orders
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
		SELECT b.id AS order_id, b.user_id, (i.issued_at AT TIME ZONE zone)::date AS day, false AS refund
		FROM batch b JOIN invoices i ON i.order_id = b.id
		UNION ALL
		SELECT b.id, b.user_id, (b.updated_at AT TIME ZONE zone)::date, true
		FROM batch b JOIN invoices i ON i.order_id = b.id
		WHERE b.status = 'cancelled'
	), lines AS MATERIALIZED (
		SELECT e.order_id, e.user_id, e.day, e.refund, l.product_id, l.quantity, l.line_total_cents
		FROM events e JOIN order_lines l ON l.order_id = e.order_id
	), per_order AS MATERIALIZED (
		SELECT order_id, user_id, day, refund, sum(quantity) AS pieces, sum(line_total_cents) AS cents
		FROM lines GROUP BY order_id, user_id, day, refund
	), days AS (
		INSERT INTO sales_days AS s (day, shard, orders, gross_cents, units, refunds, refunded_cents, refunded_units)
		SELECT day, pp_sales_shard(order_id),
			count(*) FILTER (WHERE NOT refund), coalesce(sum(cents) FILTER (WHERE NOT refund), 0),
			coalesce(sum(pieces) FILTER (WHERE NOT refund), 0),
			count(*) FILTER (WHERE refund), coalesce(sum(cents) FILTER (WHERE refund), 0),
			coalesce(sum(pieces) FILTER (WHERE refund), 0)
		FROM per_order GROUP BY 1, 2 ORDER BY 1, 2
		ON CONFLICT (day, shard) DO UPDATE SET orders = s.orders + excluded.orders,
			gross_cents = s.gross_cents + excluded.gross_cents, units = s.units + excluded.units,
			refunds = s.refunds + excluded.refunds, refunded_cents = s.refunded_cents + excluded.refunded_cents,
			refunded_units = s.refunded_units + excluded.refunded_units
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
