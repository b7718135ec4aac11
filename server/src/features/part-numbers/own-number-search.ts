import type { CatalogScope } from '@proper-parts/domain/company-catalogs';
import { sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { queryNamedSql } from '../../db/named-statement.ts';
import { resolveActor } from '../auth/actor.ts';
import { partNumberKey } from '../catalog/catalog-search.ts';
import { catalogScopeOf, SCOPE_COLUMNS, scopeOfRow } from '../company-catalogs/catalog-scope.ts';
import { credentialsOf } from '../sessions/session-cache.ts';

/** Who searches: their company's limit (decision 039), and the SKU their own number means. */
export interface SearchCaller {
  scope: CatalogScope | null;
  ownSku: string | null;
}

/**
 * Issue 35: the caller of a search. `ownSku`: the SKU a signed-in company member means when they
 * search for their company's own number for it (whatever its case and punctuation), or null.
 * Only the caller's company's numbers are read: a visitor, someone in no company or another
 * company's buyer gets null, and their search runs as typed. The caller's answer is then the
 * public answer of the SKU's search, answered privately (no replay, `private, no-store`): nothing
 * of a company is cached for another. `scope`: as `catalogScopeOf`, read in the same statement.
 */
export async function searchCallerOf(
  request: FastifyRequest,
  q: string | undefined,
): Promise<SearchCaller> {
  const key = q ? partNumberKey(q) : '';
  if (!credentialsOf(request)) return { scope: null, ownSku: null };
  if (key.length === 0) return { scope: await catalogScopeOf(request), ownSku: null };
  const app = request.server;
  const actor = await app.sessions.resolve(request, () => resolveActor(app.auth, request));
  if (!actor) return { scope: null, ownSku: null };
  // Under a name, one statement for both: each was planned 0.2-0.3 ms to run 0.01-0.03
  // (pg_stat_statements, bench buyer-prices at 10^6), and each was a round trip of its own.
  const [row] = await queryNamedSql<{
    categories: string[] | string | null;
    brands: string[] | string | null;
    own_sku: string | null;
  }>(
    app.db,
    'catalog-search-caller',
    sql`select ${SCOPE_COLUMNS},
        (select p.sku from company_part_numbers n
          join products p on p.id = n.product_id and p.deleted_at is null
          where n.company_id = m.company_id and n.number_key = ${key}
          order by p.sku limit 1) as own_sku
      from company_members m where m.user_id = ${actor.id}`,
  );
  return { scope: scopeOfRow(row), ownSku: row?.own_sku ?? null };
}
