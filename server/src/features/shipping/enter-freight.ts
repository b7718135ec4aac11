import type { StructuredAddress } from '@proper-parts/domain/addresses';
import { formatPrice } from '@proper-parts/domain/format';
import type { Order } from '@proper-parts/domain/orders';
import { orderMessages } from '@proper-parts/domain/orders';
import { shippingMessages } from '@proper-parts/domain/shipping';
import { percentOfPpm } from '@proper-parts/domain/tax';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import { type OrderRow, orderColumns, orderWithLines } from '../orders/order-view.ts';
import type { TaxCalculator } from '../tax/tax-calculator.ts';
import { taxBuyerOf } from '../tax/tax-repository.ts';

type StoredTax = { name: string; rate: string; amountCents: number };

/**
 * The shop prices the freight of an order placed `awaiting_freight` (heavier than its method
 * carries): the freight's tax is added where the ship-to taxes freight, the total becomes
 * subtotal + freight + tax, and the order is `unpaid`: payable from now on, for that total (or,
 * above a company buyer's limit, `awaiting_approval`).
 * Under the order's row lock: two admins entering freight at once enter it once.
 */
export async function enterFreight(
  db: Database,
  actor: AuditActor,
  orderId: string,
  freightCents: number,
  taxFor: (db: Queryable) => TaxCalculator,
  approvalHoldHours: number,
): Promise<Order> {
  return db.transaction(async (tx) => {
    const [order] = await rowsOf<OrderRow>(
      tx,
      sql`select ${orderColumns} from orders where id = ${orderId} for update`,
    );
    if (!order) throw new AppError('NOT_FOUND', orderMessages.orderNotFound);
    if (order.status !== 'awaiting_freight' || !order.shipTo)
      throw new AppError('CONFLICT', shippingMessages.notAwaitingFreight);
    const shipTo = (
      typeof order.shipTo === 'string' ? JSON.parse(order.shipTo) : order.shipTo
    ) as StructuredAddress;
    const tax = await taxFor(tx).calculate({
      shipTo,
      lines: [],
      freightCents,
      buyer: await taxBuyerOf(tx, order.userId),
      today: new Date().toISOString().slice(0, 10),
    });
    const stored: StoredTax[] =
      (typeof order.taxes === 'string' ? JSON.parse(order.taxes) : order.taxes) ?? [];
    for (const applied of tax.taxes) {
      const same = stored.find((t) => t.name === applied.name);
      if (same) same.amountCents += applied.amountCents;
      else
        stored.push({
          name: applied.name,
          rate: String(percentOfPpm(applied.ratePpm)),
          amountCents: applied.amountCents,
        });
    }
    // A company buyer's limit is judged on the whole total, now that it is known: above it, the
    // order goes to the company's approvers (its stock held APPROVAL_HOLD_HOURS), as at checkout.
    const [updated] = await rowsOf<OrderRow>(
      tx,
      sql`with priced as (
          select coalesce(subtotal_cents, 0) + deposit_cents + ${freightCents}::bigint + tax_cents
            + ${tax.taxCents}::bigint as total
          from orders where id = ${orderId}
        ), over as (
          select exists (select 1 from company_members m, priced p
            where m.user_id = ${order.userId} and m.company_id = ${order.companyId}
              and m.role = 'buyer' and m.order_limit_cents is not null
              and p.total > m.order_limit_cents) as above
        )
        update orders set freight_cents = ${freightCents},
          tax_cents = tax_cents + ${tax.taxCents},
          taxes = ${JSON.stringify(stored)}::jsonb,
          total_cents = (select total from priced),
          status = case when (select above from over) then 'awaiting_approval' else 'unpaid' end,
          approval_expires_at = case when (select above from over)
            then now() + make_interval(hours => ${approvalHoldHours}::int) end,
          updated_at = now()
        where id = ${orderId} and status = 'awaiting_freight'
        returning ${orderColumns}`,
    );
    if (!updated) throw new AppError('CONFLICT', shippingMessages.notAwaitingFreight);
    await recordAudit(tx, actor, {
      action: 'order.freight',
      targetType: 'order',
      targetId: orderId,
      summary: `Order ${orderId}: freight ${formatPrice(freightCents / 100)}, total ${formatPrice(Number(updated.totalCents) / 100)}`,
      before: { status: order.status, total: Number(order.totalCents) / 100 },
      after: {
        status: updated.status,
        freight: freightCents / 100,
        tax: Number(updated.taxCents) / 100,
        total: Number(updated.totalCents) / 100,
      },
    });
    return orderWithLines(tx, updated);
  });
}
