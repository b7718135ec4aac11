-- custom: issue 32, decision 044. A part number's beginning (`BRG-62`) is a relevance class read
-- whole: its live products' ids, newest id first, from these indexes alone (an index-only scan,
-- no product row read), then only a page of them ranked. 7,870 live `brg62…` SKUs at 10^6: 2.5 ms
-- from the index, 24 ms through the products' rows.
CREATE INDEX "products_live_sku_key_ids_idx" ON "products" ("sku_key" text_pattern_ops) INCLUDE ("id") WHERE "deleted_at" IS NULL;
--> statement-breakpoint
CREATE INDEX "products_live_mpn_key_ids_idx" ON "products" ("mpn_key" text_pattern_ops) INCLUDE ("id") WHERE "deleted_at" IS NULL;
