-- custom: issue 35 and 32. A product's id is a UUID of version 7 (RFC 9562): its first 48 bits
-- are the milliseconds it was made at, the rest random. Ids then follow the order rows are
-- written in, so reading products newest id first (a broad search's first page, decision 044)
-- reads rows that share heap pages, where random ids (version 4) put each on a page of its own.
-- Products made before keep their ids, SKUs and slugs.
CREATE FUNCTION pp_uuid_v7() RETURNS uuid LANGUAGE sql VOLATILE AS $$
	SELECT encode(
		set_bit(set_bit(
			overlay(uuid_send(gen_random_uuid())
				placing substring(int8send((extract(epoch FROM clock_timestamp()) * 1000)::bigint) FROM 3)
				FROM 1 FOR 6),
			52, 1), 53, 1),
		'hex')::uuid
$$;
--> statement-breakpoint
ALTER TABLE "products" ALTER COLUMN "id" SET DEFAULT pp_uuid_v7();
--> statement-breakpoint
-- A SKU or slug made from the id (a writer that gives none) takes the id's last, random digits:
-- its first are now the time, the same for every product made in the same quarter second.
CREATE OR REPLACE FUNCTION pp_product_search_vector() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
	IF NEW.sku IS NULL OR NEW.sku = '' THEN
		NEW.sku := 'PP-' || upper(right(replace(NEW.id::text, '-', ''), 10));
	END IF;
	IF NEW.slug IS NULL OR NEW.slug = '' THEN
		NEW.slug := coalesce(nullif(trim(both '-' from regexp_replace(lower(NEW.name), '[^a-z0-9]+', '-', 'g')), '') || '-', '')
			|| right(replace(NEW.id::text, '-', ''), 8);
	END IF;
	IF NEW.search_vector IS NOT NULL AND (TG_OP = 'INSERT' OR NEW.search_vector IS DISTINCT FROM OLD.search_vector) THEN
		RETURN NEW;
	END IF;
	NEW.search_vector := pp_product_words(
		NEW.name,
		NEW.sku || ' ' || coalesce(NEW.mpn, ''),
		(SELECT name FROM brands WHERE id = NEW.brand_id),
		(WITH RECURSIVE up AS (
			SELECT id, parent_id, name FROM categories WHERE id = NEW.category_id
			UNION ALL
			SELECT c.id, c.parent_id, c.name FROM categories c JOIN up ON c.id = up.parent_id
		) SELECT string_agg(name, ' ') FROM up),
		(SELECT string_agg(value || coalesce(' ' || unit, ''), ' ') FROM product_attributes WHERE product_id = NEW.id),
		NEW.description);
	RETURN NEW;
END
$$;
