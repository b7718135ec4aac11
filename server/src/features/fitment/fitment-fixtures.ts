import { sql } from 'drizzle-orm';
import type { TestApp } from '../../../test/helper.ts';
import { createProduct } from '../../../test/order-helpers.ts';

/**
 * The fitment tests' vehicles and parts, written with SQL (the import is another piece):
 * - Toyota Corolla 1.8L L4 2ZR-FE 2010–2019, 2ZR-FAE 2015–2016; Camry 2.5L L4 2AR-FE 2015–2017;
 *   Honda Civic 1.8L L4 R18Z1 2012–2015, 2.0L L4 K20C2 2016–2019 (23 vehicles).
 */
export interface Fleet {
  /** Vehicle ids by "year make model code", e.g. "2015 Toyota Corolla 2ZR-FE". */
  id: (label: string) => number;
  all: number[];
}

const VEHICLES: [number, string, string, string, string][] = [
  ...range(2010, 2019).map((y): [number, string, string, string, string] => [
    y,
    'Toyota',
    'Corolla',
    '1.8L L4',
    '2ZR-FE',
  ]),
  [2015, 'Toyota', 'Corolla', '1.8L L4', '2ZR-FAE'],
  [2016, 'Toyota', 'Corolla', '1.8L L4', '2ZR-FAE'],
  ...range(2015, 2017).map((y): [number, string, string, string, string] => [
    y,
    'Toyota',
    'Camry',
    '2.5L L4',
    '2AR-FE',
  ]),
  ...range(2012, 2015).map((y): [number, string, string, string, string] => [
    y,
    'Honda',
    'Civic',
    '1.8L L4',
    'R18Z1',
  ]),
  ...range(2016, 2019).map((y): [number, string, string, string, string] => [
    y,
    'Honda',
    'Civic',
    '2.0L L4',
    'K20C2',
  ]),
];

export function range(from: number, to: number) {
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

export async function insertFleet(app: TestApp): Promise<Fleet> {
  const ids = new Map<string, number>();
  for (const [year, make, model, engine, code] of VEHICLES) {
    const [row] = (
      await app.db.execute(sql`insert into vehicles (year, make, model, engine, engine_code, fuel)
        values (${year}, ${make}, ${model}, ${engine}, ${code}, 'gas') returning id`)
    ).rows as { id: number }[];
    ids.set(`${year} ${make} ${model} ${code}`, Number(row?.id));
  }
  return {
    id: (label) => {
      const id = ids.get(label);
      if (id === undefined) throw new Error(`no vehicle ${label}`);
      return id;
    },
    all: [...ids.values()],
  };
}

export async function fit(
  app: TestApp,
  productId: string,
  vehicleIds: number[],
  fitment: { position?: string; submodel?: string; note?: string } = {},
) {
  for (const vehicleId of vehicleIds)
    await app.db.execute(sql`insert into fitments (vehicle_id, product_id, position, submodel, note)
      values (${vehicleId}, ${productId}::uuid, ${fitment.position ?? ''}, ${fitment.submodel ?? ''},
        ${fitment.note ?? ''})`);
}

export async function brand(app: TestApp, name: string) {
  const slug = name.toLowerCase();
  const [row] = (
    await app.db.execute(
      sql`insert into brands (name, slug) values (${name}, ${slug}) returning id`,
    )
  ).rows as { id: string }[];
  return { id: String(row?.id), slug };
}

export async function part(app: TestApp, name: string, brandId?: string, priceCents = 1000) {
  return createProduct(app, { name, brandId, priceCents, minimumOrderQuantity: 1 });
}
