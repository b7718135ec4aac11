import { companyMessages } from '@proper-parts/domain/companies';
import {
  type CompanyCatalog,
  companyCatalogMessages,
  type SetCompanyCatalogRequest,
  setCompanyCatalogRequest,
} from '@proper-parts/domain/company-catalogs';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';

interface Named {
  slug: string;
  name: string;
}

/** A company's catalog limit as the admin page shows it; 404 for an unknown company. */
export async function readCompanyCatalog(
  db: Queryable,
  companyId: string,
): Promise<CompanyCatalog> {
  const [row] = await rowsOf<{ categories: Named[] | string; brands: Named[] | string }>(
    db,
    sql`select
        (select coalesce(json_agg(json_build_object('slug', c.slug, 'name', c.name) order by c.name), '[]')
          from company_catalog_categories r join categories c on c.id = r.category_id
          where r.company_id = co.id) as categories,
        (select coalesce(json_agg(json_build_object('slug', b.slug, 'name', b.name) order by b.name), '[]')
          from company_catalog_brands r join brands b on b.id = r.brand_id
          where r.company_id = co.id) as brands
      from companies co where co.id = ${companyId}`,
  );
  if (!row) throw new AppError('NOT_FOUND', companyMessages.companyNotFound);
  const categories = parsed(row.categories);
  const brands = parsed(row.brands);
  return {
    companyId,
    restricted: categories.length > 0 || brands.length > 0,
    categories,
    brands,
  };
}

const parsed = (value: Named[] | string): Named[] =>
  typeof value === 'string' ? JSON.parse(value) : value;

/**
 * Replaces a company's limit (shop admin): the categories and brands named by slug, an unknown
 * one refused by name (nothing changed); both empty lifts the limit. One transaction with its
 * audit entry. The company's members see the new catalog at their next request.
 */
export async function setCompanyCatalog(
  db: Database,
  actor: AuditActor,
  companyId: string,
  request: SetCompanyCatalogRequest,
): Promise<CompanyCatalog> {
  const wanted = setCompanyCatalogRequest.parse(request);
  return db.transaction(async (tx) => {
    const [company] = await rowsOf<{ name: string }>(
      tx,
      sql`select name from companies where id = ${companyId} for update`,
    );
    if (!company) throw new AppError('NOT_FOUND', companyMessages.companyNotFound);
    const categoryIds = await idsOf(
      tx,
      'categories',
      wanted.categories,
      companyCatalogMessages.unknownCategory,
    );
    const brandIds = await idsOf(tx, 'brands', wanted.brands, companyCatalogMessages.unknownBrand);
    const before = await readCompanyCatalog(tx, companyId);
    await tx.execute(sql`delete from company_catalog_categories where company_id = ${companyId}`);
    await tx.execute(sql`delete from company_catalog_brands where company_id = ${companyId}`);
    if (categoryIds.length > 0)
      await tx.execute(sql`insert into company_catalog_categories (company_id, category_id)
        select ${companyId}, unnest(${sql.param(categoryIds)}::uuid[])`);
    if (brandIds.length > 0)
      await tx.execute(sql`insert into company_catalog_brands (company_id, brand_id)
        select ${companyId}, unnest(${sql.param(brandIds)}::uuid[])`);
    const after = await readCompanyCatalog(tx, companyId);
    await recordAudit(tx, actor, {
      action: 'company.catalog',
      targetType: 'company',
      targetId: companyId,
      summary: after.restricted
        ? `${company.name}: catalog limited to ${describe(after)}`
        : `${company.name}: whole catalog`,
      before: {
        categories: before.categories.map((c) => c.slug),
        brands: before.brands.map((b) => b.slug),
      },
      after: { categories: wanted.categories, brands: wanted.brands },
    });
    return after;
  });
}

function describe(catalog: CompanyCatalog): string {
  const parts = [];
  if (catalog.categories.length > 0)
    parts.push(`categories ${catalog.categories.map((c) => c.name).join(', ')}`);
  if (catalog.brands.length > 0)
    parts.push(`brands ${catalog.brands.map((b) => b.name).join(', ')}`);
  return parts.join(' and ');
}

async function idsOf(
  db: Queryable,
  table: 'categories' | 'brands',
  slugs: string[],
  unknown: (slug: string) => string,
): Promise<string[]> {
  if (slugs.length === 0) return [];
  const rows = await rowsOf<{ id: string; slug: string }>(
    db,
    sql`select id, slug from ${sql.identifier(table)} where slug = any(${sql.param(slugs)}::text[])`,
  );
  const found = new Set(rows.map((row) => row.slug));
  const missing = slugs.find((slug) => !found.has(slug));
  if (missing !== undefined) throw new AppError('INVALID', unknown(missing));
  return rows.map((row) => row.id);
}
