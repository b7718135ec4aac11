import { type BackorderTerms, NO_BACKORDER } from '@proper-parts/domain/backorders';
import { type SQL, sql } from 'drizzle-orm';

/**
 * Issue 36: a product's backorder terms as JSON (`BackorderTerms`): whether it takes backorders,
 * its lead time, and the open pieces of its purchase orders, earliest first. Null when it takes
 * none (the purchase orders are then not read). `p` is the products row's alias.
 */
export const backorderJson = (p: string): SQL =>
  sql.raw(`case when ${p}.backorder_allowed then
    json_build_object('allowed', true, 'leadTimeDays', ${p}.lead_time_days,
      'incoming', (select coalesce(json_agg(json_build_object('quantity', o.quantity - o.promised,
          'expectedOn', o.expected_on::text) order by o.expected_on, o.id), '[]')
        from purchase_orders o where o.product_id = ${p}.id and o.quantity > o.promised
          and o.received_at is null))
  end`);

/** The terms read by `backorderJson` (PGlite answers JSON parsed, the pg driver too; text: parse). */
export function parsedBackorder(value: BackorderTerms | string | null | undefined): BackorderTerms {
  if (value === null || value === undefined) return NO_BACKORDER;
  const terms = typeof value === 'string' ? (JSON.parse(value) as BackorderTerms) : value;
  return {
    allowed: Boolean(terms.allowed),
    leadTimeDays: terms.leadTimeDays === null ? null : Number(terms.leadTimeDays),
    incoming: (terms.incoming ?? []).map((po) => ({
      quantity: Number(po.quantity),
      expectedOn: String(po.expectedOn),
    })),
  };
}
