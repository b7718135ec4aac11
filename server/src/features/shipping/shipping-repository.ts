import type { ShippingMethodEntry, ShippingMethodView } from '@proper-parts/domain/shipping';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { type AuditActor, recordAudit } from '../audit/audit-log.ts';
import type { StoredMethod } from './builtin-shipping.ts';

interface MethodRow {
  code: string;
  name: string;
  kind: 'rates' | 'pickup';
  zones: StoredMethod['zones'] | string;
  freeOverCents: string | number | null;
  quoteAboveGrams: number | null;
  estimate: string;
}

const cents = (dollars: number) => Math.round(dollars * 100);

export async function listStoredMethods(db: Queryable): Promise<StoredMethod[]> {
  const rows = await rowsOf<MethodRow>(
    db,
    sql`select code, name, kind, zones, free_over_cents as "freeOverCents",
        quote_above_grams as "quoteAboveGrams", estimate
      from shipping_methods order by position, code`,
  );
  return rows.map((row) => ({
    ...row,
    zones: typeof row.zones === 'string' ? JSON.parse(row.zones) : row.zones,
    freeOverCents: row.freeOverCents === null ? null : Number(row.freeOverCents),
  }));
}

export function toMethodView(method: StoredMethod): ShippingMethodView {
  return {
    code: method.code,
    name: method.name,
    kind: method.kind,
    zones: method.zones.map((zone) => ({
      countries: zone.countries,
      regions: zone.regions ?? [],
      bands: zone.bands.map((band) => ({
        upToGrams: band.upToGrams,
        price: band.priceCents / 100,
      })),
    })),
    freeOver: method.freeOverCents === null ? null : method.freeOverCents / 100,
    quoteAboveGrams: method.quoteAboveGrams,
    estimate: method.estimate,
  };
}

/** The admin's list replaces the table whole, with its audit entry, in one transaction. */
export async function replaceShippingMethods(
  db: Database,
  actor: AuditActor,
  methods: ShippingMethodEntry[],
): Promise<ShippingMethodView[]> {
  return db.transaction(async (tx) => {
    const before = (await listStoredMethods(tx)).map(toMethodView);
    await tx.execute(sql`delete from shipping_methods`);
    const rows = methods.map((m, position) => ({
      code: m.code,
      name: m.name,
      kind: m.kind,
      zones: m.zones.map((zone) => ({
        countries: zone.countries,
        regions: zone.regions,
        bands: zone.bands.map((band) => ({
          upToGrams: band.upToGrams,
          priceCents: cents(band.price),
        })),
      })),
      free_over_cents: m.freeOver === null ? null : cents(m.freeOver),
      quote_above_grams: m.quoteAboveGrams,
      estimate: m.estimate,
      position,
    }));
    if (rows.length)
      await tx.execute(sql`insert into shipping_methods
          (code, name, kind, zones, free_over_cents, quote_above_grams, estimate, position)
        select code, name, kind, zones, free_over_cents, quote_above_grams, estimate, position
        from jsonb_to_recordset(${JSON.stringify(rows)}::jsonb) as r(code text, name text,
          kind text, zones jsonb, free_over_cents bigint, quote_above_grams int, estimate text,
          position int)`);
    const after = (await listStoredMethods(tx)).map(toMethodView);
    await recordAudit(tx, actor, {
      action: 'shipping.methods',
      targetType: 'shipping',
      targetId: 'shipping-methods',
      summary: `Shipping methods: ${before.map((m) => m.code).join(', ') || 'none'} → ${after.map((m) => m.code).join(', ') || 'none'}`,
      before: { methods: before },
      after: { methods: after },
    });
    return after;
  });
}
