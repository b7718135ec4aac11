-- Issue 33 (checkout bench): a scalar SQL function whose body holds a sub-select is never inlined,
-- so PostgreSQL plans its body again in every statement that calls it: ~0.6 ms for
-- pp_buyer_unit_price_cents, whatever the statement's own plan cache, plus ~30 µs a row (a 20-line
-- cart: 1.3 ms; the same read through the table functions below: 0.2 ms). A set-returning SQL
-- function called in FROM (`cross join lateral pp_buyer_unit_price(...) u`, or
-- `(select u.cents from pp_buyer_unit_price(...) u)`) is inlined into the calling statement and
-- planned with it, once per pooled connection for a named statement.
-- The rules stay in one place: the table functions are the prices (same bodies as 0010 and 0029);
-- the scalar functions, kept for every caller, answer what they answer.
CREATE FUNCTION pp_unit_price(p_product uuid, p_base integer, p_quantity integer)
RETURNS TABLE(cents integer) LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT coalesce(
		(SELECT b."price_cents" FROM "price_breaks" b
		 WHERE b."product_id" = p_product AND b."min_quantity" <= p_quantity
		 ORDER BY b."min_quantity" DESC LIMIT 1),
		p_base)
$$;
--> statement-breakpoint
-- What a buyer pays: the contract offer, never above the public tier price at that quantity.
CREATE FUNCTION pp_buyer_unit_price(p_product uuid, p_base integer, p_quantity integer, p_user text)
RETURNS TABLE(cents integer) LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT least(
		(SELECT t.cents FROM pp_unit_price(p_product, p_base, p_quantity) t),
		(SELECT o.cents FROM pp_contract_offer(p_product, p_base, p_quantity, p_user) o))
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pp_unit_price_cents(p_product uuid, p_base integer, p_quantity integer)
RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT t.cents FROM pp_unit_price(p_product, p_base, p_quantity) t
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pp_buyer_unit_price_cents(p_product uuid, p_base integer, p_quantity integer, p_user text)
RETURNS integer LANGUAGE sql STABLE PARALLEL SAFE AS $$
	SELECT b.cents FROM pp_buyer_unit_price(p_product, p_base, p_quantity, p_user) b
$$;
--> statement-breakpoint
-- The checkout prices tax and freight from the rate tables kept in memory (cart/rate-tables.ts):
-- a change to them, by any process, must reach that cache through the change feed.
CREATE TRIGGER tax_rates_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "tax_rates" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
--> statement-breakpoint
CREATE TRIGGER shipping_methods_notify_change AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "shipping_methods" FOR EACH STATEMENT EXECUTE FUNCTION pp_notify_change();
