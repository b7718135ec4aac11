import { z } from 'zod';
import { FUELS, GARAGE_MAX, garageFullMessage, POSITIONS } from './fitment-rules.ts';

export {
  FUELS,
  type Fuel,
  GARAGE_MAX,
  POSITIONS,
  type Position,
  vehicleLabel,
  vehicleShortLabel,
} from './fitment-rules.ts';

/**
 * Vehicle fitment (issue 20): which parts fit a vehicle (year, make, model, engine), the garage
 * of a buyer's vehicles, and the fitment CSV. A vehicle is an ACES base vehicle with its engine;
 * a fitment may name a position and a submodel, and carry a note.
 */

/** The model years the selector offers (the demo list covers them all). */
export const FIRST_MODEL_YEAR = 1950;
export const LAST_MODEL_YEAR = 2030;
/** How long a fitment note may be. */
export const FITMENT_NOTE_MAX = 500;

export const fitmentMessages = {
  vehicleNotFound: 'Vehicle not found',
  garageFull: garageFullMessage,
  notInGarage: 'That vehicle is not in your garage',
} as const;

const year = z.coerce.number().int().min(FIRST_MODEL_YEAR).max(LAST_MODEL_YEAR);
const name = z.string().trim().min(1).max(100);
export const vehicleId = z.coerce.number().int().positive().max(2_147_483_647);

export const vehicle = z.object({
  id: z.number().int(),
  year: z.number().int(),
  make: z.string(),
  model: z.string(),
  engine: z.string(),
  engineCode: z.string(),
  fuel: z.enum(FUELS),
});
export type Vehicle = z.infer<typeof vehicle>;

// ── the selector: each step lists only what exists ──
export const vehicleYears = z.array(z.number().int());
export const makesQuery = z.object({ year });
export const vehicleMakes = z.array(z.string());
export const modelsQuery = z.object({ year, make: name });
export const vehicleModels = z.array(z.string());
export const enginesQuery = z.object({ year, make: name, model: name });
/** The last step names the vehicles themselves: choosing an engine chooses a vehicle id. */
export const vehicleEngines = z.array(vehicle);
export const vehicleParams = z.object({ id: vehicleId });

// ── a product's fitment ──
export const productFitmentQuery = z.object({
  /** The vehicle to check the product against (the buyer's current one). */
  vehicle: vehicleId.optional(),
  cursor: z.string().max(500).optional(),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});

/** One line of "fits these vehicles": consecutive model years of one configuration, merged. */
export const fitmentApplication = z.object({
  make: z.string(),
  model: z.string(),
  engine: z.string(),
  engineCode: z.string(),
  yearFrom: z.number().int(),
  yearTo: z.number().int(),
  position: z.enum(POSITIONS),
  submodel: z.string(),
  note: z.string(),
});
export type FitmentApplication = z.infer<typeof fitmentApplication>;

export const fitCheck = z.object({
  vehicle,
  /** false when the product has fitment data and none of it names this vehicle. */
  fits: z.boolean(),
  /** Each way it fits this vehicle: a position, a submodel, a note. */
  positions: z.array(
    z.object({ position: z.enum(POSITIONS), submodel: z.string(), note: z.string() }),
  ),
});
export type FitCheck = z.infer<typeof fitCheck>;

export const productFitment = z.object({
  /** false: the product has no fitment data (not a vehicle part); check and list are empty. */
  hasFitment: z.boolean(),
  /** Asked with `vehicle`, and the product has fitment data. */
  check: fitCheck.nullable(),
  applications: z.array(fitmentApplication),
  /** Keyset cursor of the next page of applications; null on the last. */
  nextCursor: z.string().nullable(),
});
export type ProductFitment = z.infer<typeof productFitment>;

// ── the garage ──
export const garageVehicle = vehicle.extend({ current: z.boolean() });
export type GarageVehicle = z.infer<typeof garageVehicle>;
export const garage = z.object({ vehicles: z.array(garageVehicle) });
export type Garage = z.infer<typeof garage>;
export const addGarageVehicleRequest = z.object({
  vehicleId,
  /** Make it the current vehicle (the default: a vehicle just chosen is the one in use). */
  current: z.boolean().default(true),
});
export const garageVehicleParams = z.object({ vehicleId });
/** A visitor's garage (kept in the browser) joins the account's on sign-in. */
export const mergeGarageRequest = z.object({
  vehicleIds: z.array(vehicleId).max(GARAGE_MAX),
  currentId: vehicleId.nullable().default(null),
});
