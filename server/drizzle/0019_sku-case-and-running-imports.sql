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
