import type {
  IntegrationCustomer,
  IntegrationListQuery,
  IntegrationProduct,
} from '@proper-parts/domain/integration';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { rowsOf } from '../../db/queryable.ts';
import { companies, products } from '../../db/schema.ts';
import { afterCursor, cursorAt, pageOf } from '../../http/keyset.ts';

const iso = (at: string | Date) => new Date(at).toISOString();

type ProductRow = Omit<IntegrationProduct, 'price' | 'createdAt' | 'updatedAt'> & {
  priceCents: number;
  createdAt: string;
  updatedAt: string;
  cursorAt: string;
};

/**
 * Issue 34, `catalog:read`: the live catalog for an ERP or PIM, oldest first by keyset
 * (`created_at`, id): a sweep sees every product that existed when it began, and those made
 * during it at its end. `updatedAt` says which changed since the last sweep (stock alone does
 * not move it: stock is the ERP's, sent with `PUT /integration/stock`).
 */
export async function productsForIntegration(
  db: Database,
  { cursor, limit }: IntegrationListQuery,
) {
  const after = cursor ? sql`and ${afterCursor(products, cursor, 'asc')}` : sql``;
  const rows = await rowsOf<ProductRow>(
    db,
    // No alias for products: the keyset helpers name its columns "products"."…".
    sql`select products.id, sku, products.name, products.slug, mpn, b.name as brand,
        c.name as category, price_cents as "priceCents",
        minimum_order_quantity as "minimumOrderQuantity",
        available_quantity as "availableQuantity", pack_size as "packSize",
        sales_unit as "salesUnit", max_order_quantity as "maxOrderQuantity",
        products.created_at as "createdAt", products.updated_at as "updatedAt",
        ${cursorAt(products)} as "cursorAt"
      from products
      left join brands b on b.id = products.brand_id
      left join categories c on c.id = products.category_id
      where products.deleted_at is null ${after}
      order by products.created_at, products.id
      limit ${limit + 1}`,
  );
  return pageOf(
    rows,
    limit,
    ({ priceCents, cursorAt: _cursor, ...row }): IntegrationProduct => ({
      ...row,
      price: priceCents / 100,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    }),
    (row) => row.id,
  );
}

type CustomerRow = Omit<IntegrationCustomer, 'creditLimit' | 'balance'> & {
  creditLimitCents: string | number;
  balanceCents: string | number;
  cursorAt: string;
};

/**
 * Issue 34, `customers:read`: company accounts for an ERP's customer master, oldest first by
 * keyset, each with its terms, credit and balance and the people who buy for it (email, name,
 * role). One statement a page.
 */
export async function customersForIntegration(
  db: Database,
  { cursor, limit }: IntegrationListQuery,
) {
  const after = cursor ? sql`where ${afterCursor(companies, cursor, 'asc')}` : sql``;
  const rows = await rowsOf<CustomerRow>(
    db,
    sql`select id, name, tax_id as "taxId", billing_address as "billingAddress",
        terms_days as "termsDays", credit_limit_cents as "creditLimitCents",
        balance_cents as "balanceCents", created_at as "createdAt", updated_at as "updatedAt",
        ${cursorAt(companies)} as "cursorAt",
        coalesce((select json_agg(json_build_object('email', u.email, 'name', u.name, 'role', m.role)
            order by m.joined_at, u.email)
          from company_members m join "user" u on u.id = m.user_id
          where m.company_id = companies.id), '[]'::json) as members
      from companies ${after}
      order by companies.created_at, companies.id
      limit ${limit + 1}`,
  );
  return pageOf(
    rows,
    limit,
    ({ creditLimitCents, balanceCents, cursorAt: _cursor, ...row }): IntegrationCustomer => ({
      ...row,
      termsDays: row.termsDays === null ? null : Number(row.termsDays),
      creditLimit: Number(creditLimitCents) / 100,
      balance: Number(balanceCents) / 100,
      createdAt: iso(row.createdAt),
      updatedAt: iso(row.updatedAt),
    }),
    (row) => row.id,
  );
}
