import { fitmentMessages } from '@proper-parts/domain/fitment';
import type { QuickOrderLine } from '@proper-parts/domain/quick-order';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';

/**
 * Quick order with a vehicle (issue 20): each matched line says whether its part fits it; null
 * when the part has no fitment data, or the line matched nothing. One statement whatever the
 * number of lines: two probes of `fitments_product_idx` (product, vehicle) per product.
 * NOT_FOUND for an unknown vehicle, as the product page's fit check.
 */
export async function withFits(
  db: Database,
  vehicleId: number,
  lines: QuickOrderLine[],
): Promise<QuickOrderLine[]> {
  const ids = [...new Set(lines.flatMap((line) => (line.productId ? [line.productId] : [])))];
  const { rows } = await db.execute(sql`
    select p.id::text as id, v.id is not null as vehicle_known,
      exists (select 1 from fitments f where f.product_id = p.id) as has_fitment,
      exists (select 1 from fitments f where f.product_id = p.id and f.vehicle_id = v.id) as fits
    from (select ${vehicleId}::int as id) asked
    left join vehicles v on v.id = asked.id
    left join unnest(string_to_array(${ids.join(',')}, ',')::uuid[]) as p(id) on true`);
  const found = rows as {
    id: string | null;
    vehicle_known: boolean;
    has_fitment: boolean;
    fits: boolean;
  }[];
  if (!found[0]?.vehicle_known) throw new AppError('NOT_FOUND', fitmentMessages.vehicleNotFound);
  const fits = new Map(found.map((row) => [row.id, row.has_fitment ? row.fits : null]));
  return lines.map((line) => ({
    ...line,
    fits: line.productId ? (fits.get(line.productId) ?? null) : null,
  }));
}
