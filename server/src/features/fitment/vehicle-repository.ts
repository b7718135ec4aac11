import type { Vehicle } from '@proper-parts/domain/fitment';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';

/**
 * The vehicle selector's reads (issue 20): each step lists only what `vehicles` holds, read from
 * its unique index (year, make, model, engine, engine_code) by its leading columns.
 */

const rowsOf = async <T>(db: Database, query: SQL) => (await db.execute(query)).rows as T[];

interface VehicleRow {
  id: number;
  year: number;
  make: string;
  model: string;
  engine: string;
  engine_code: string;
  fuel: Vehicle['fuel'];
}

export const VEHICLE_COLUMNS = sql`v.id, v.year, v.make, v.model, v.engine, v.engine_code, v.fuel`;

export const toVehicle = (row: VehicleRow): Vehicle => ({
  id: Number(row.id),
  year: Number(row.year),
  make: row.make,
  model: row.model,
  engine: row.engine,
  engineCode: row.engine_code,
  fuel: row.fuel,
});

/** Model years that have a vehicle, newest first. */
export async function vehicleYears(db: Database): Promise<number[]> {
  const rows = await rowsOf<{ year: number }>(
    db,
    sql`select distinct year from vehicles order by year desc`,
  );
  return rows.map((row) => Number(row.year));
}

/** Makes of that year, A–Z. */
export async function vehicleMakes(db: Database, year: number): Promise<string[]> {
  const rows = await rowsOf<{ make: string }>(
    db,
    sql`select distinct make from vehicles where year = ${year} order by make`,
  );
  return rows.map((row) => row.make);
}

/** Models of that year and make, A–Z. */
export async function vehicleModels(db: Database, year: number, make: string): Promise<string[]> {
  const rows = await rowsOf<{ model: string }>(
    db,
    sql`select distinct model from vehicles where year = ${year} and make = ${make} order by model`,
  );
  return rows.map((row) => row.model);
}

/** The vehicles of that year, make and model (one per engine), by engine A–Z. */
export async function vehicleEngines(
  db: Database,
  year: number,
  make: string,
  model: string,
): Promise<Vehicle[]> {
  const rows = await rowsOf<VehicleRow>(
    db,
    sql`select ${VEHICLE_COLUMNS} from vehicles v
      where v.year = ${year} and v.make = ${make} and v.model = ${model}
      order by v.engine, v.engine_code, v.id`,
  );
  return rows.map(toVehicle);
}

/** One vehicle; undefined when there is none with that id. */
export async function findVehicle(db: Database, id: number): Promise<Vehicle | undefined> {
  const [row] = await rowsOf<VehicleRow>(
    db,
    sql`select ${VEHICLE_COLUMNS} from vehicles v where v.id = ${id}`,
  );
  return row && toVehicle(row);
}
