import { GARAGE_MAX } from '@proper-parts/domain/fitment-rules';
import { recordOf } from '../../lib/plain-shape';
import { storedValue } from '../../lib/stored-value';
import { type SavedVehicle, savedVehicleShape } from './vehicle-shape';

/**
 * A visitor's garage: their vehicles and which one is current, in localStorage, so it survives a
 * reload and needs no account; it joins the account's garage on sign-in (`POST /garage/merge`).
 * The vehicles are kept whole, not only their ids, so the navbar names the current one without
 * a request on every page. Zod-free: the navbar reads it.
 */
export interface VisitorGarage {
  /** The most recently added first. */
  vehicles: SavedVehicle[];
  currentId: number | null;
}

const EMPTY: VisitorGarage = { vehicles: [], currentId: null };

function parse(stored: unknown): VisitorGarage {
  const parsed = stored as { vehicles?: unknown; currentId?: unknown } | null;
  if (!parsed || !Array.isArray(parsed.vehicles)) return EMPTY;
  // Whatever another tab or an old version wrote: only well-formed vehicles are kept, once each.
  const vehicles: SavedVehicle[] = [];
  for (const item of parsed.vehicles) {
    const vehicle = recordOf(savedVehicleShape, item);
    if (vehicle && vehicles.every((v) => v.id !== vehicle.id)) vehicles.push(vehicle);
  }
  const kept = vehicles.slice(0, GARAGE_MAX);
  const currentId = kept.some((v) => v.id === parsed.currentId)
    ? (parsed.currentId as number)
    : null;
  return { vehicles: kept, currentId };
}

const stored = storedValue<VisitorGarage>({
  key: 'proper-parts-garage',
  empty: EMPTY,
  parse,
  isEmpty: (garage) => garage.vehicles.length === 0,
});
const write = stored.write;

export const visitorGarage = {
  snapshot: stored.snapshot,
  /** The server renders every page without a vehicle; hydration reads the same. */
  serverSnapshot: stored.serverSnapshot,
  subscribe: stored.subscribe,
  /**
   * Adds a vehicle first in the garage (one already there keeps its place), current unless
   * `current` is false. Answers false when the garage is full.
   */
  add(vehicle: SavedVehicle, current = true): boolean {
    const { vehicles, currentId } = visitorGarage.snapshot();
    const known = vehicles.some((v) => v.id === vehicle.id);
    if (!known && vehicles.length >= GARAGE_MAX) return false;
    write({
      vehicles: known ? vehicles : [vehicle, ...vehicles],
      currentId: current ? vehicle.id : currentId,
    });
    return true;
  },
  /** Makes a vehicle of the garage the current one. */
  use(vehicleId: number) {
    const garage = visitorGarage.snapshot();
    if (garage.vehicles.some((v) => v.id === vehicleId)) write({ ...garage, currentId: vehicleId });
  },
  /** Removes a vehicle; removing the current one leaves none current (as the server does). */
  remove(vehicleId: number) {
    const { vehicles, currentId } = visitorGarage.snapshot();
    write({
      vehicles: vehicles.filter((v) => v.id !== vehicleId),
      currentId: currentId === vehicleId ? null : currentId,
    });
  },
  clear() {
    write(EMPTY);
  },
};
