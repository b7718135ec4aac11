import { addDays } from '@proper-parts/domain/days';
import { type SQL, sql } from 'drizzle-orm';

/**
 * How the roll-ups answer a range fastest. Closed days (`closed`: the last one, null for none)
 * from the running totals: two rows a product or customer, the totals through `through` less
 * those through `before` (none before the first sale). The days after the last closed one (today,
 * as a rule) from the day rows.
 */
export interface RangeParts {
  through: string | null;
  before: string | null;
  days: { first: string; last: string } | null;
}

export function rangeParts(from: string, to: string, closed: string | null): RangeParts {
  if (closed === null || closed < from)
    return { through: null, before: null, days: { first: from, last: to } };
  return {
    through: to < closed ? to : closed,
    before: addDays(from, -1),
    days: closed < to ? { first: addDays(closed, 1), last: to } : null,
  };
}

const rollUps = {
  products: {
    totals: 'sales_product_totals',
    days: 'sales_products',
    key: 'product_id',
    count: 'units',
  },
  customers: {
    totals: 'sales_customer_totals',
    days: 'sales_customers',
    key: 'user_id',
    count: 'orders',
  },
} as const;

/**
 * The rows whose sums per product (or customer) are its figures over the range: `key`, `count`
 * (units or orders) and `revenue_cents`, from one stretch of an index each.
 */
export function rowsInRange(kind: keyof typeof rollUps, parts: RangeParts) {
  const { totals, days, key, count } = rollUps[kind];
  const columns = (sign: SQL) =>
    sql`${sql.identifier(key)}, ${sign}${sql.identifier(count)} as ${sql.identifier(count)},
      ${sign}revenue_cents as revenue_cents`;
  const pieces: SQL[] = [];
  if (parts.through)
    pieces.push(sql`select ${columns(sql``)} from ${sql.identifier(totals)}
      where day = ${parts.through}::date`);
  if (parts.before)
    pieces.push(sql`select ${columns(sql`-`)} from ${sql.identifier(totals)}
      where day = ${parts.before}::date`);
  if (parts.days)
    pieces.push(sql`select ${columns(sql``)} from ${sql.identifier(days)}
      where period between ${parts.days.first}::date and ${parts.days.last}::date`);
  return sql.join(pieces, sql` union all `);
}
