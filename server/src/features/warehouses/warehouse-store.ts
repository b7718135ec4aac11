import {
  type Warehouse,
  type WarehouseRequest,
  warehouseMessages,
  warehouseRequest,
} from '@proper-parts/domain/warehouses';
import { sql } from 'drizzle-orm';
import { uniqueViolationOf } from '../../db/pg-errors.ts';
import { type Queryable, rowsOf } from '../../db/queryable.ts';
import { AppError } from '../../errors.ts';

interface WarehouseRow {
  id: number;
  name: string;
  publicName: string;
  line1: string;
  city: string;
  postalCode: string;
  country: string;
  shipsTo: string[] | null;
}

const columns = sql`id, name, public_name as "publicName", line1, city, postal_code as "postalCode",
  country, ships_to as "shipsTo"`;

const toWarehouse = (row: WarehouseRow): Warehouse => ({
  ...row,
  id: Number(row.id),
  shipsTo: row.shipsTo ?? 'all',
});

/** A page of warehouses in id order (keyset: the cursor is the last id seen). */
export async function listWarehouses(
  db: Queryable,
  { limit, cursor }: { limit: number; cursor?: string | undefined },
): Promise<{ items: Warehouse[]; nextCursor: string | null }> {
  const after = cursor === undefined ? 0 : decodeIdCursor(cursor);
  const rows = await rowsOf<WarehouseRow>(
    db,
    sql`select ${columns} from warehouses where id > ${after} order by id limit ${limit + 1}`,
  );
  const page = rows.slice(0, limit).map(toWarehouse);
  const last = page.at(-1);
  return {
    items: page,
    nextCursor: rows.length > limit && last ? encodeIdCursor(last.id) : null,
  };
}

export const encodeIdCursor = (id: number) => Buffer.from(`w${id}`).toString('base64url');

function decodeIdCursor(cursor: string): number {
  const text = Buffer.from(cursor, 'base64url').toString('utf8');
  const match = /^w(\d{1,9})$/.exec(text);
  if (!match) throw new AppError('INVALID', 'cursor: is not a cursor this list gave');
  return Number(match[1]);
}

export async function createWarehouse(db: Queryable, input: WarehouseRequest): Promise<Warehouse> {
  const w = warehouseRequest.parse(input);
  const zone = w.shipsTo === 'all' ? null : [...new Set(w.shipsTo)];
  try {
    const [row] = await rowsOf<WarehouseRow>(
      db,
      sql`insert into warehouses (name, public_name, line1, city, postal_code, country, ships_to)
        values (${w.name}, ${w.publicName}, ${w.line1}, ${w.city}, ${w.postalCode}, ${w.country},
          ${zone === null ? null : sql`${sql.param(zone)}::text[]`})
        returning ${columns}`,
    );
    if (!row) throw new Error('insert returned no row');
    return toWarehouse(row);
  } catch (error) {
    if (uniqueViolationOf(error))
      throw new AppError('CONFLICT', warehouseMessages.nameTaken(w.name));
    throw error;
  }
}

/** A warehouse named by id or by name (any case); a 400 naming `field` when there is none. */
export async function warehouseOf(
  db: Queryable,
  ref: number | string,
  field = 'warehouse',
): Promise<{ id: number; name: string }> {
  const [row] = await rowsOf<{ id: number; name: string }>(
    db,
    typeof ref === 'number'
      ? sql`select id, name from warehouses where id = ${ref}`
      : sql`select id, name from warehouses where lower(name) = lower(${ref})`,
  );
  if (!row)
    throw new AppError('INVALID', warehouseMessages.unknown(ref).replace(/^warehouse/, field));
  return { id: Number(row.id), name: row.name };
}
