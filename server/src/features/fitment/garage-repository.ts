import { fitmentMessages, GARAGE_MAX, type GarageVehicle } from '@proper-parts/domain/fitment';
import { type SQL, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import { toVehicle, VEHICLE_COLUMNS } from './vehicle-repository.ts';

/**
 * "My garage" (issue 20): a signed-in user's vehicles, at most GARAGE_MAX, at most one current
 * (the partial unique index `garage_vehicles_one_current`). Every write runs in a transaction
 * that first locks the user's row (`for no key update`: orders and sessions that reference the
 * user still go on), so two writes of one user take turns: two adds at once never pass the
 * limit, and the current flag is never set twice.
 *
 * Removing the current vehicle leaves none current: the buyer chooses again, rather than find
 * another car quietly chosen for them.
 */

const rowsOf = async <T>(db: Database, query: SQL) => (await db.execute(query)).rows as T[];

/** The garage, the most recently added first. */
export async function listGarage(db: Database, userId: string): Promise<GarageVehicle[]> {
  const rows = await rowsOf<Parameters<typeof toVehicle>[0] & { current: boolean }>(
    db,
    sql`select ${VEHICLE_COLUMNS}, g.current
      from garage_vehicles g join vehicles v on v.id = g.vehicle_id
      where g.user_id = ${userId}
      order by g.created_at desc, g.vehicle_id desc`,
  );
  return rows.map((row) => ({ ...toVehicle(row), current: row.current === true }));
}

/** Runs `work` in a transaction holding the user's row: one garage write of a user at a time. */
function withGarageLock<T>(db: Database, userId: string, work: (tx: Database) => Promise<T>) {
  return db.transaction(async (tx) => {
    const db = tx as unknown as Database;
    await db.execute(sql`select id from "user" where id = ${userId} for no key update`);
    return work(db);
  });
}

/** Makes `vehicleId` the user's only current vehicle; false when it is not in the garage. */
async function makeCurrent(tx: Database, userId: string, vehicleId: number): Promise<boolean> {
  // Two statements: one UPDATE setting one row and clearing another may meet the unique index
  // half done (PostgreSQL checks a non-deferrable index row by row).
  // A vehicle the garage does not hold leaves the current one as it is.
  await tx.execute(sql`update garage_vehicles set current = false
    where user_id = ${userId} and current and vehicle_id <> ${vehicleId}
      and exists (select 1 from garage_vehicles held
        where held.user_id = ${userId} and held.vehicle_id = ${vehicleId})`);
  const set = await rowsOf(
    tx,
    sql`update garage_vehicles set current = true
      where user_id = ${userId} and vehicle_id = ${vehicleId} returning vehicle_id`,
  );
  return set.length > 0;
}

const countOf = async (tx: Database, userId: string) => {
  const [row] = await rowsOf<{ count: number }>(
    tx,
    sql`select count(*)::int as count from garage_vehicles where user_id = ${userId}`,
  );
  return Number(row?.count ?? 0);
};

/**
 * Adds a vehicle (already there: kept, and made current if asked). NOT_FOUND for an unknown
 * vehicle, CONFLICT when the garage is full.
 */
export async function addToGarage(
  db: Database,
  userId: string,
  vehicleId: number,
  current: boolean,
): Promise<GarageVehicle[]> {
  await withGarageLock(db, userId, async (tx) => {
    const [known] = await rowsOf(tx, sql`select id from vehicles where id = ${vehicleId}`);
    if (!known) throw new AppError('NOT_FOUND', fitmentMessages.vehicleNotFound);
    const [held] = await rowsOf(
      tx,
      sql`select 1 from garage_vehicles where user_id = ${userId} and vehicle_id = ${vehicleId}`,
    );
    if (!held) {
      if ((await countOf(tx, userId)) >= GARAGE_MAX)
        throw new AppError('CONFLICT', fitmentMessages.garageFull);
      await tx.execute(
        sql`insert into garage_vehicles (user_id, vehicle_id) values (${userId}, ${vehicleId})`,
      );
    }
    if (current) await makeCurrent(tx, userId, vehicleId);
  });
  return listGarage(db, userId);
}

/** Removes a vehicle; NOT_FOUND when it is not in this user's garage. */
export async function removeFromGarage(
  db: Database,
  userId: string,
  vehicleId: number,
): Promise<GarageVehicle[]> {
  const removed = await rowsOf(
    db,
    sql`delete from garage_vehicles where user_id = ${userId} and vehicle_id = ${vehicleId}
      returning vehicle_id`,
  );
  if (removed.length === 0) throw new AppError('NOT_FOUND', fitmentMessages.notInGarage);
  return listGarage(db, userId);
}

/** Makes a vehicle of the garage the current one; NOT_FOUND when it is not in the garage. */
export async function setCurrentVehicle(
  db: Database,
  userId: string,
  vehicleId: number,
): Promise<GarageVehicle[]> {
  await withGarageLock(db, userId, async (tx) => {
    if (!(await makeCurrent(tx, userId, vehicleId)))
      throw new AppError('NOT_FOUND', fitmentMessages.notInGarage);
  });
  return listGarage(db, userId);
}

/**
 * A visitor's garage (kept in the browser) joins the account's on sign-in: the vehicles not yet
 * there are added in the order given (the first is the newest), unknown ids dropped, until the
 * garage holds GARAGE_MAX; `currentId` becomes current when it is in the garage afterwards.
 * Sent twice, the second changes nothing.
 */
export async function mergeGarage(
  db: Database,
  userId: string,
  vehicleIds: number[],
  currentId: number | null,
): Promise<GarageVehicle[]> {
  await withGarageLock(db, userId, async (tx) => {
    const room = GARAGE_MAX - (await countOf(tx, userId));
    const ids = [...new Set(vehicleIds)];
    if (room > 0 && ids.length > 0)
      await tx.execute(sql`
        insert into garage_vehicles (user_id, vehicle_id, created_at)
        select ${userId}, v.id, now() - t.n * interval '1 microsecond'
        from unnest(string_to_array(${ids.join(',')}, ',')::int[]) with ordinality as t(id, n)
        join vehicles v on v.id = t.id
        where not exists (
          select 1 from garage_vehicles g where g.user_id = ${userId} and g.vehicle_id = v.id)
        order by t.n
        limit ${room}`);
    if (currentId !== null) await makeCurrent(tx, userId, currentId);
  });
  return listGarage(db, userId);
}
