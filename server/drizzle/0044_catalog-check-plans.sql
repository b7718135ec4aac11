-- custom: issue 32, what an order pays for. A company's catalog check (decision 039) was a SQL
-- function whose body holds subqueries: PostgreSQL never inlines such a function, and 15 plans a
-- SQL function's body again at every execution of the statement that calls it. The one-line
-- order's named statement paid that planning on every order (0.37 of its 1.03 ms of execution,
-- EXPLAIN ANALYZE). In PL/pgSQL the same rule's queries are planned once a connection. The rule
-- is unchanged: a company with no categories and no brands listed sees everything.
CREATE OR REPLACE FUNCTION pp_catalog_has(p_company uuid, p_product uuid)
RETURNS boolean LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
	IF p_company IS NULL THEN
		RETURN true;
	END IF;
	RETURN (NOT EXISTS (SELECT 1 FROM "company_catalog_categories" r WHERE r."company_id" = p_company)
			OR EXISTS (
				WITH RECURSIVE up(id, depth) AS (
					SELECT p."category_id", 1 FROM "products" p WHERE p."id" = p_product
					UNION ALL
					SELECT c."parent_id", up.depth + 1 FROM "categories" c JOIN up ON c."id" = up.id
					WHERE c."parent_id" IS NOT NULL AND up.depth < 20
				)
				SELECT 1 FROM up JOIN "company_catalog_categories" r
					ON r."company_id" = p_company AND r."category_id" = up.id))
		AND (NOT EXISTS (SELECT 1 FROM "company_catalog_brands" r WHERE r."company_id" = p_company)
			OR EXISTS (SELECT 1 FROM "products" p JOIN "company_catalog_brands" r
				ON r."company_id" = p_company AND r."brand_id" = p."brand_id"
				WHERE p."id" = p_product));
END
$$;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION pp_in_company_catalog(p_product uuid, p_user text)
RETURNS boolean LANGUAGE plpgsql STABLE PARALLEL SAFE AS $$
BEGIN
	RETURN pp_catalog_has((SELECT m."company_id" FROM "company_members" m WHERE m."user_id" = p_user), p_product);
END
$$;
