import {
  type FitmentApplication,
  fitmentMessages,
  POSITIONS,
  type Position,
  type ProductFitment,
} from '@proper-parts/domain/fitment';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { findVehicle } from './vehicle-repository.ts';

/**
 * A product's fitment (issue 20): whether it has any, the fit check for one vehicle, and the
 * vehicles it fits as applications: one line per configuration (make, model, engine, engine code,
 * position, submodel, note) and run of consecutive model years, a gap in the years starting a
 * new line (gaps and islands: within a run, `year - row_number()` is constant).
 *
 * Applications are ordered make, model, engine, first year, then engine code, position and a
 * digest of submodel and note (what makes the order total; a line for every submodel and without
 * a note comes before the others), and paged by that key. The cursor
 * names the run's first vehicle (which stands for make, model, engine, year and engine code),
 * the position and the digest: a few dozen bytes, whatever the names and notes hold.
 */

const rowsOf = async <T>(db: Database, query: SQL) => (await db.execute(query)).rows as T[];

interface Cursor {
  vehicleId: number;
  position: Position;
  key: string;
}

const INVALID_CURSOR = 'cursor: not a cursor of this list (start again without it)';
const encodeCursor = (cursor: Cursor) =>
  Buffer.from(JSON.stringify([cursor.vehicleId, cursor.position, cursor.key])).toString(
    'base64url',
  );

function decodeCursor(text: string): Cursor {
  try {
    const value = JSON.parse(Buffer.from(text, 'base64url').toString('utf8')) as unknown;
    if (
      Array.isArray(value) &&
      value.length === 3 &&
      Number.isInteger(value[0]) &&
      value[0] > 0 &&
      value[0] <= 2_147_483_647 &&
      (POSITIONS as readonly unknown[]).includes(value[1]) &&
      typeof value[2] === 'string' &&
      /^[01][0-9a-f]{32}$/.test(value[2])
    )
      return { vehicleId: value[0], position: value[1] as Position, key: value[2] };
  } catch {
    // Not base64url JSON: the same answer as any other bad cursor.
  }
  throw new AppError('INVALID', INVALID_CURSOR);
}

/** The live product a slug (current or former) or id names; undefined when none. */
async function findProductId(db: Database, slug: string): Promise<string | undefined> {
  const byId = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(slug);
  const [row] = await rowsOf<{ id: string }>(
    db,
    byId
      ? sql`select p.id from products p where p.id = ${slug}::uuid and p.deleted_at is null`
      : sql`select p.id from products p where p.slug = ${slug} and p.deleted_at is null
          union all
          select p.id from product_slug_redirects r join products p on p.id = r.product_id
          where r.slug = ${slug} and p.deleted_at is null
          limit 1`,
  );
  return row?.id;
}

interface ApplicationRow {
  make: string;
  model: string;
  engine: string;
  engine_code: string;
  position: Position;
  submodel: string;
  note: string;
  year_from: number;
  year_to: number;
  k: string;
  first_vehicle: number;
}

/** Applications of the product after `after` (the cursor's key), `limit + 1` of them. */
function applicationsQuery(
  productId: string,
  limit: number,
  after?: {
    make: string;
    model: string;
    engine: string;
    year: number;
    engineCode: string;
  } & Cursor,
) {
  const from = after
    ? sql`where (make, model, engine, year_from, engine_code, position, k) >
        (${after.make}::text, ${after.model}::text, ${after.engine}::text, ${after.year}::int,
         ${after.engineCode}::text, ${after.position}::text, ${after.key}::text)`
    : sql``;
  return sql`
    with islands as (
      select v.make, v.model, v.engine, v.engine_code, f.position, f.submodel, f.note, v.year,
        v.id as vehicle_id,
        v.year - row_number() over (
          partition by v.make, v.model, v.engine, v.engine_code, f.position, f.submodel, f.note
          order by v.year) as island
      from fitments f join vehicles v on v.id = f.vehicle_id
      where f.product_id = ${productId}::uuid
    ),
    applications as (
      select make, model, engine, engine_code, position, submodel, note,
        min(year)::int as year_from, max(year)::int as year_to,
        -- Plain lines (every submodel, no note) first, the rest in a fixed order.
        case when submodel = '' and note = '' then '0' else '1' end
          || md5(submodel || chr(31) || note) as k,
        (array_agg(vehicle_id order by year))[1] as first_vehicle
      from islands
      group by make, model, engine, engine_code, position, submodel, note, island
    )
    select * from applications ${from}
    order by make, model, engine, year_from, engine_code, position, k
    limit ${limit + 1}`;
}

const toApplication = (row: ApplicationRow): FitmentApplication => ({
  make: row.make,
  model: row.model,
  engine: row.engine,
  engineCode: row.engine_code,
  yearFrom: Number(row.year_from),
  yearTo: Number(row.year_to),
  position: row.position,
  submodel: row.submodel,
  note: row.note,
});

export interface ProductFitmentQuery {
  vehicle?: number;
  cursor?: string;
  limit: number;
}

/**
 * `GET /catalog/products/{slug}/fitment`; undefined when no live product has that slug. Throws
 * NOT_FOUND for an unknown vehicle, INVALID for a cursor this list did not give.
 */
export async function productFitment(
  db: Database,
  slug: string,
  { vehicle: vehicleId, cursor: cursorText, limit }: ProductFitmentQuery,
): Promise<ProductFitment | undefined> {
  const productId = await findProductId(db, slug);
  if (!productId) return undefined;
  const vehicle = vehicleId === undefined ? undefined : await findVehicle(db, vehicleId);
  if (vehicleId !== undefined && !vehicle)
    throw new AppError('NOT_FOUND', fitmentMessages.vehicleNotFound);
  let after: Parameters<typeof applicationsQuery>[2];
  if (cursorText !== undefined) {
    const cursor = decodeCursor(cursorText);
    const first = await findVehicle(db, cursor.vehicleId);
    if (!first) throw new AppError('INVALID', INVALID_CURSOR);
    after = { ...first, ...cursor };
  }

  const [has] = await rowsOf<{ has: boolean }>(
    db,
    sql`select exists (select 1 from fitments where product_id = ${productId}::uuid) as has`,
  );
  if (!has?.has) return { hasFitment: false, check: null, applications: [], nextCursor: null };

  const positions = vehicle
    ? await rowsOf<{ position: Position; submodel: string; note: string }>(
        db,
        sql`select position, submodel, note from fitments
          where vehicle_id = ${vehicle.id} and product_id = ${productId}::uuid
          order by position, submodel, note`,
      )
    : [];
  const rows = await rowsOf<ApplicationRow>(db, applicationsQuery(productId, limit, after));
  const page = rows.slice(0, limit);
  const last = page.at(-1);
  return {
    hasFitment: true,
    check: vehicle ? { vehicle, fits: positions.length > 0, positions } : null,
    applications: page.map(toApplication),
    nextCursor:
      rows.length > limit && last
        ? encodeCursor({
            vehicleId: Number(last.first_vehicle),
            position: last.position,
            key: last.k,
          })
        : null,
  };
}
