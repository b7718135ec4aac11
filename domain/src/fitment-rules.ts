/**
 * Vehicle fitment's limits and wording (issue 20), zod-free: the navbar's current vehicle and the
 * visitor's garage read them in the entry chunk, where zod is not loaded (like cart-rules.ts).
 */

/** How many vehicles one garage holds. */
export const GARAGE_MAX = 20;
export const garageFullMessage = `A garage holds at most ${GARAGE_MAX} vehicles; remove one first`;

/** What a vehicle's label is made of (a `Vehicle`, a garage's vehicle, a stored one). */
export interface VehicleNaming {
  year: number;
  make: string;
  model: string;
  engine: string;
}

/** "2015 Toyota Corolla 1.8L L4": how a vehicle reads everywhere (navbar, fit check, garage). */
export const vehicleLabel = (v: VehicleNaming) => `${v.year} ${v.make} ${v.model} ${v.engine}`;

/** "2015 Toyota Corolla": the navbar's short label, where room is scarce. */
export const vehicleShortLabel = (v: Omit<VehicleNaming, 'engine'>) =>
  `${v.year} ${v.make} ${v.model}`;

export const FUELS = ['gas', 'diesel', 'hybrid', 'electric'] as const;
export type Fuel = (typeof FUELS)[number];

/** Where on the vehicle a part goes; '' when the part has no position. */
export const POSITIONS = [
  '',
  'front',
  'rear',
  'left',
  'right',
  'front left',
  'front right',
  'rear left',
  'rear right',
] as const;
export type Position = (typeof POSITIONS)[number];
