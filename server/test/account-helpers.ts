import { sql } from 'drizzle-orm';
import type { TestApp } from './helper.ts';
import { createProduct } from './order-helpers.ts';

export interface AccountInvoiceOptions {
  /** The company that owes it. */
  companyId: string;
  /** The buyer who placed the order (a member of the company). */
  userId: string;
  /** The order's total, in cents (default $250). */
  totalCents?: number;
  /** Days before today the invoice was issued (default 0): issued 40 days ago at net 30 is overdue. */
  issuedDaysAgo?: number;
  /** Or the instant it was placed and invoiced (ISO 8601), e.g. just before midnight. */
  issuedAt?: string;
  poNumber?: string;
}

/**
 * An order paid on account, as checkout places it (issue 19): `payment_terms = 'account'`,
 * status 'pending' (it goes to shipping unpaid), `paid = false`, the buyer's company; its invoice
 * numbered from `invoice_counters` with `due_on = issue day + the company's terms_days`; and the
 * company's balance raised by the total with the guarded UPDATE (throws past the credit limit).
 *
 * Written in SQL until checkout's "pay on account" lands; the lead may replace this body with a
 * call to the real checkout. Answers the order id.
 */
export async function createAccountInvoice(
  app: TestApp,
  {
    companyId,
    userId,
    totalCents = 25_000,
    issuedDaysAgo = 0,
    issuedAt,
    poNumber,
  }: AccountInvoiceOptions,
): Promise<string> {
  const at = issuedAt
    ? sql`${issuedAt}::timestamptz`
    : sql`(now() - ${issuedDaysAgo} * interval '1 day')`;
  const product = await createProduct(app, { priceCents: totalCents, availableQuantity: 1000 });
  return app.db.transaction(async (tx) => {
    const owed = await tx.execute(
      sql`update companies set balance_cents = balance_cents + ${totalCents}
        where id = ${companyId} and terms_days is not null
          and balance_cents + ${totalCents} <= credit_limit_cents
        returning terms_days`,
    );
    const [company] = owed.rows as { terms_days: number }[];
    if (!company) throw new Error('no terms, or above the credit limit');
    const placed = await tx.execute(
      sql`insert into orders (tool_id, user_id, purchase_name, img, unit_price_cents, quantity,
          total_cents, user_name, email, address, phone, status, paid, po_number, line_count,
          company_id, payment_terms, created_at)
        select ${product.id}, u.id, ${product.name}, ${product.img}, ${totalCents}, 1,
          ${totalCents}, u.name, u.email, '1 Mill Road, Springfield', '555 0100', 'pending',
          false, ${poNumber ?? `PO-${Math.floor(Math.random() * 1e6)}`}, 1, ${companyId},
          'account', ${at}
        from "user" u where u.id = ${userId}
        returning id`,
    );
    const [order] = placed.rows as { id: string }[];
    if (!order) throw new Error(`no user ${userId}`);
    await tx.execute(
      sql`insert into order_lines (order_id, line_no, product_id, sku, name, img, quantity,
          unit_price_cents, line_total_cents)
        values (${order.id}, 1, ${product.id}, ${product.sku ?? 'SKU-1'}, ${product.name},
          ${product.img}, 1, ${totalCents}, ${totalCents})`,
    );
    await tx.execute(
      sql`with counted as (
          insert into invoice_counters (year, last_number)
          values (extract(year from now() at time zone 'UTC')::int, 1)
          on conflict (year) do update set last_number = invoice_counters.last_number + 1
          returning year, last_number
        )
        insert into invoices (order_id, year, number_in_year, issued_at, due_on)
        select ${order.id}, year, last_number, ${at},
          (${at} at time zone 'UTC')::date + ${company.terms_days}::int
        from counted`,
    );
    return order.id;
  });
}

/** The company's balance, in cents. */
export async function balanceOf(app: TestApp, companyId: string): Promise<number> {
  const result = await app.db.execute(
    sql`select balance_cents from companies where id = ${companyId}`,
  );
  return Number((result.rows as { balance_cents: string | number }[])[0]?.balance_cents);
}
