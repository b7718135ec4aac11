import type { Vehicle } from '@proper-parts/domain/fitment';
import type { Shape } from '../../lib/plain-shape';

/**
 * A vehicle as the web keeps and shows it (its fuel is not shown): checked by hand, not by zod,
 * because the navbar's current vehicle reads it in the entry chunk.
 */
export type SavedVehicle = Pick<
  Vehicle,
  'id' | 'year' | 'make' | 'model' | 'engine' | 'engineCode'
>;

export const savedVehicleShape: Shape<SavedVehicle> = {
  id: 'integer',
  year: 'integer',
  make: 'string',
  model: 'string',
  engine: 'string',
  engineCode: 'string',
};

/** A vehicle of a signed-in user's garage (`GET /garage`). */
export type GarageEntry = SavedVehicle & { current: boolean };

export const garageEntryShape: Shape<GarageEntry> = { ...savedVehicleShape, current: 'boolean' };

/** "1.8L L4 (2ZR-FE)": the engine step's option, the code telling two 1.8 L engines apart. */
export const engineName = (v: Pick<SavedVehicle, 'engine' | 'engineCode'>) =>
  v.engineCode ? `${v.engine} (${v.engineCode})` : v.engine;
