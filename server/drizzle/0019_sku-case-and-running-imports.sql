-- Issue 31 (decision 031): a SKU is unique whatever its case; importing `hb-cheap-1` beside
-- `HB-CHEAP-1` had made a second product, and quick order always picked the other. Products whose
-- SKUs already differ only in case are resolved here, deterministically, so the shop still starts:
-- in each such group the live product first, then the oldest (created_at, id), keeps its SKU; each
-- other one gets the first free `-2`, `-3`… after its SKU (cut to keep 60 characters). Every rename
-- is reported: a NOTICE in the migration's log and an audit log entry (product.update, by no one)
-- with the SKU before and after, where an admin finds it.
DO $$
DECLARE
	clash record;
	n int;
	renamed text;
BEGIN
	FOR clash IN
		SELECT p.id, p.sku, first_value(p.sku) OVER w AS kept, row_number() OVER w AS rank
		FROM products p
		WHERE lower(p.sku) IN (SELECT lower(sku) FROM products GROUP BY 1 HAVING count(*) > 1)
		WINDOW w AS (PARTITION BY lower(p.sku) ORDER BY p.deleted_at IS NOT NULL, p.created_at, p.id)
		ORDER BY lower(p.sku), rank
	LOOP
		CONTINUE WHEN clash.rank = 1;
		n := 2;
		LOOP
			renamed := left(clash.sku, 60 - length('-' || n)) || '-' || n;
			EXIT WHEN NOT EXISTS (SELECT 1 FROM products WHERE lower(sku) = lower(renamed));
			n := n + 1;
		END LOOP;
		UPDATE products SET sku = renamed, updated_at = now() WHERE id = clash.id;
		INSERT INTO audit_log (action, target_type, target_id, summary, before, after)
		VALUES ('product.update', 'product', clash.id::text,
			format('SKU %s renamed %s by migration 0019: it differed from %s only in case', clash.sku, renamed, clash.kept),
			jsonb_build_object('sku', clash.sku), jsonb_build_object('sku', renamed));
		RAISE NOTICE 'products: SKU % renamed %: it differed from % only in case', clash.sku, renamed, clash.kept;
	END LOOP;
END $$;--> statement-breakpoint
CREATE UNIQUE INDEX "products_sku_lower_unique" ON "products" USING btree (lower("sku"));
--> statement-breakpoint
-- Issue 31 (decision 033): a CSV import's entry is written when the import starts and kept up to
-- date as its batches commit, so that a process killed mid-import leaves an entry with what it
-- committed. The log stays append-only but for that: an entry of catalog.import or fitment.import
-- whose `after` says `"state": "running"` may have its summary and `after` changed, nothing else;
-- once its state is anything else, it is as fixed as every other entry.
CREATE OR REPLACE FUNCTION pp_audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
	days int := nullif(current_setting('pp.audit_retention_days', true), '')::int;
BEGIN
	IF TG_OP = 'DELETE' AND current_setting('pp.audit_retention', true) = 'on' AND days IS NOT NULL THEN
		IF OLD.at < now() - make_interval(days => greatest(days, 1)) THEN
			RETURN OLD;
		END IF;
	END IF;
	IF TG_OP = 'UPDATE' AND OLD.action IN ('catalog.import', 'fitment.import')
		AND OLD.after->>'state' = 'running'
		AND (NEW.id, NEW.at, NEW.actor_id, NEW.actor_email, NEW.ip, NEW.action, NEW.target_type, NEW.target_id)
			IS NOT DISTINCT FROM (OLD.id, OLD.at, OLD.actor_id, OLD.actor_email, OLD.ip, OLD.action, OLD.target_type, OLD.target_id)
		AND NEW.before IS NOT DISTINCT FROM OLD.before THEN
		RETURN NEW;
	END IF;
	RAISE EXCEPTION 'audit_log is append-only: % refused', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;
