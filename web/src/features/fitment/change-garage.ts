import { garageFullMessage } from '@proper-parts/domain/fitment-rules';
import type { QueryClient } from '@tanstack/react-query';
import { api } from '../../config/paths';
import { apiFetch } from '../../lib/api-client';
import { garageAnswer, garageKey } from './api/get-garage';
import type { SavedVehicle } from './vehicle-shape';
import { visitorGarage } from './visitor-garage';

export type GarageChange =
  | { kind: 'choose'; vehicle: SavedVehicle }
  | { kind: 'use'; vehicleId: number }
  | { kind: 'remove'; vehicleId: number };

/** The account's garage after `change` (every garage route answers with the whole garage). */
function changeAccountGarage(change: GarageChange) {
  if (change.kind === 'choose')
    return apiFetch(api.garage, {
      method: 'POST',
      body: { vehicleId: change.vehicle.id, current: true },
      schema: garageAnswer,
    });
  if (change.kind === 'use')
    return apiFetch(api.garageCurrent, {
      method: 'PUT',
      body: { vehicleId: change.vehicleId },
      schema: garageAnswer,
    });
  return apiFetch(api.garageVehicle(change.vehicleId), { method: 'DELETE', schema: garageAnswer });
}

function changeVisitorGarage(change: GarageChange) {
  if (change.kind === 'choose') {
    if (!visitorGarage.add(change.vehicle)) throw new Error(garageFullMessage);
  } else if (change.kind === 'use') visitorGarage.use(change.vehicleId);
  else visitorGarage.remove(change.vehicleId);
}

/**
 * Changes my garage: on the server when signed in (the answer, the whole garage, replaces the
 * cached one), in this browser otherwise. `choose` adds a vehicle (or finds it there) and makes
 * it the current one. A plain function, not a mutation hook: the home page's selector needs no
 * mutation code (use-change-garage.ts wraps it for My garage).
 */
export async function changeGarage(
  queryClient: QueryClient,
  signedIn: boolean,
  change: GarageChange,
): Promise<void> {
  if (!signedIn) return changeVisitorGarage(change);
  queryClient.setQueryData(garageKey, await changeAccountGarage(change));
}
