import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { listOf, objectOf, valuesOf } from '../../../lib/plain-shape';
import { savedVehicleShape } from '../vehicle-shape';

/**
 * The selector's four steps (year → make → model → engine), each listing only what exists, and
 * one vehicle by id. Checked without zod: the selector is on the home page. The lists change
 * only with an import, so an answer is kept for the visit.
 */
const kept = { staleTime: 60 * 60_000 } as const;
const years = valuesOf('integer');
const names = valuesOf('string');
const vehicles = listOf(savedVehicleShape);

export const vehicleYearsQuery = queryOptions({
  queryKey: ['vehicles', 'years'],
  queryFn: ({ signal }) => apiFetch(api.vehicleYears, { schema: years, signal }),
  ...kept,
});

export const vehicleMakesQuery = (year: number) =>
  queryOptions({
    queryKey: ['vehicles', 'makes', year],
    queryFn: ({ signal }) => apiFetch(api.vehicleMakes(year), { schema: names, signal }),
    ...kept,
  });

export const vehicleModelsQuery = (year: number, make: string) =>
  queryOptions({
    queryKey: ['vehicles', 'models', year, make],
    queryFn: ({ signal }) => apiFetch(api.vehicleModels(year, make), { schema: names, signal }),
    ...kept,
  });

/** The last step: one vehicle per engine, so choosing an engine chooses a vehicle id. */
export const vehicleEnginesQuery = (year: number, make: string, model: string) =>
  queryOptions({
    queryKey: ['vehicles', 'engines', year, make, model],
    queryFn: ({ signal }) =>
      apiFetch(api.vehicleEngines(year, make, model), { schema: vehicles, signal }),
    ...kept,
  });

const oneVehicle = objectOf(savedVehicleShape);

/** `GET /vehicles/{id}`: the vehicle a shared link's `?vehicle=` names. */
export const vehicleQuery = (id: number) =>
  queryOptions({
    queryKey: ['vehicles', 'one', id],
    queryFn: ({ signal }) => apiFetch(api.vehicle(id), { schema: oneVehicle, signal }),
    ...kept,
  });
