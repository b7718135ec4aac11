import {
  type Warehouse,
  type WarehouseRequest,
  warehouseMessages,
  warehouseRequest,
} from '@proper-parts/domain/warehouses';
import { sql } from 'drizzle-orm';
import { foreignKeyViolationOf, uniqueViolationOf } from '../../db/pg-errors.ts';
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

/** Runs an insert or update of a warehouse; a name taken (any case) is a 409 naming it. */
async function written(name: string, statement: Promise<WarehouseRow[]>) {
  try {
    const [row] = await statement;
    return row && toWarehouse(row);
  } catch (error) {
    if (uniqueViolationOf(error)) throw new AppError('CONFLICT', warehouseMessages.nameTaken(name));
    throw error;
  }
}

const zoneOf = (shipsTo: 'all' | string[]) =>
  shipsTo === 'all' ? null : sql`${sql.param([...new Set(shipsTo)])}::text[]`;

export async function createWarehouse(db: Queryable, input: WarehouseRequest): Promise<Warehouse> {
  const w = warehouseRequest.parse(input);
  const made = await written(
    w.name,
    rowsOf<WarehouseRow>(
      db,
      sql`insert into warehouses (name, public_name, line1, city, postal_code, country, ships_to)
        values (${w.name}, ${w.publicName}, ${w.line1}, ${w.city}, ${w.postalCode}, ${w.country},
          ${zoneOf(w.shipsTo)})
        returning ${columns}`,
    ),
  );
  if (!made) throw new Error('insert returned no row');
  return made;
}

/** A warehouse as it is now, locked for the change in hand; a 404 when there is none. */
async function lockedWarehouse(db: Queryable, id: number): Promise<Warehouse> {
  const [row] = await rowsOf<WarehouseRow>(
    db,
    sql`select ${columns} from warehouses where id = ${id} for update`,
  );
  if (!row) throw new AppError('NOT_FOUND', warehouseMessages.notFound);
  return toWarehouse(row);
}

/** Its name, public name, address and zone, all given again; answers it before and after. */
export async function updateWarehouse(db: Queryable, id: number, input: WarehouseRequest) {
  const w = warehouseRequest.parse(input);
  const before = await lockedWarehouse(db, id);
  const after = await written(
    w.name,
    rowsOf<WarehouseRow>(
      db,
      sql`update warehouses set name = ${w.name}, public_name = ${w.publicName}, line1 = ${w.line1},
          city = ${w.city}, postal_code = ${w.postalCode}, country = ${w.country},
          ships_to = ${zoneOf(w.shipsTo)}
        where id = ${id} returning ${columns}`,
    ),
  );
  if (!after) throw new AppError('NOT_FOUND', warehouseMessages.notFound);
  return { before, after };
}

/**
 * Removes a warehouse nothing needs: not the first (where stock set without a warehouse goes:
 * the product form, the catalog import, the ERP's sync), holding no pieces, in no order's
 * allocation or shipment (those keep their records): else a 409 saying what to do instead. The
 * row is locked first: a stock change naming it (`warehouseOf` shares the lock) waits, then finds
 * it gone.
 */
export async function removeWarehouse(db: Queryable, id: number): Promise<Warehouse> {
  const found = await lockedWarehouse(db, id);
  const [use] = await rowsOf<{ first: number; pieces: number; history: boolean }>(
    db,
    sql`select (select min(id) from warehouses) as first,
        (select coalesce(sum(quantity), 0)::int from warehouse_stock where warehouse_id = ${id})
          as pieces,
        exists (select 1 from order_line_allocations where warehouse_id = ${id})
          or exists (select 1 from shipments where warehouse_id = ${id}) as history`,
  );
  if (!use || Number(use.first) === id)
    throw new AppError('CONFLICT', warehouseMessages.firstOne(found.name));
  if (use.pieces > 0)
    throw new AppError('CONFLICT', warehouseMessages.holdsStock(found.name, use.pieces));
  if (use.history) throw new AppError('CONFLICT', warehouseMessages.hasHistory(found.name));
  // Only empty rows: a transfer in that committed meanwhile keeps its row, and the warehouse.
  await db.execute(sql`delete from warehouse_stock where warehouse_id = ${id} and quantity = 0`);
  try {
    await db.execute(sql`delete from warehouses where id = ${id}`);
  } catch (error) {
    if (foreignKeyViolationOf(error))
      throw new AppError('CONFLICT', warehouseMessages.holdsStock(found.name, 0));
    throw error;
  }
  return found;
}

/**
 * A warehouse named by id or by name (any case); a 400 naming `field` when there is none. In a
 * transaction it stays until the end (a removal waits).
 */
export async function warehouseOf(
  db: Queryable,
  ref: number | string,
  field = 'warehouse',
): Promise<{ id: number; name: string }> {
  const [row] = await rowsOf<{ id: number; name: string }>(
    db,
    typeof ref === 'number'
      ? sql`select id, name from warehouses where id = ${ref} for key share`
      : sql`select id, name from warehouses where lower(name) = lower(${ref}) for key share`,
  );
  if (!row)
    throw new AppError('INVALID', warehouseMessages.unknown(ref).replace(/^warehouse/, field));
  return { id: Number(row.id), name: row.name };
}
