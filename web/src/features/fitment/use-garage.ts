import { garageFullMessage } from '@proper-parts/domain/fitment-rules';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { api } from '../../config/paths';
import { apiFetch } from '../../lib/api-client';
import { useCurrentUser } from '../auth/use-current-user';
import { garageAnswer, garageKey, garageQueryOptions } from './api/get-garage';
import type { SavedVehicle } from './vehicle-shape';
import { visitorGarage } from './visitor-garage';

export interface GarageView {
  /** Where the garage lives: the browser, the account, or not known yet (the session is asked). */
  mode: 'pending' | 'visitor' | 'account';
  /** The most recently added first. */
  vehicles: SavedVehicle[];
  /** The vehicle the shop is showing parts for; null when none is chosen. */
  current: SavedVehicle | null;
  /** The session, or the account's garage, is still being asked for. */
  isPending: boolean;
}

const PENDING: GarageView = { mode: 'pending', vehicles: [], current: null, isPending: true };
const NONE: SavedVehicle[] = [];

/**
 * My garage: a signed-in user's from the server (customers and admins alike: it is personal), a
 * visitor's from this browser. On the server and while hydrating there is none (no session, the
 * server's snapshot), so a page's markup matches; the garage arrives in the next render.
 */
export function useGarage(): GarageView {
  const { user, isPending } = useCurrentUser();
  const local = useSyncExternalStore(
    visitorGarage.subscribe,
    visitorGarage.snapshot,
    visitorGarage.serverSnapshot,
  );
  const account = useQuery({ ...garageQueryOptions, enabled: user !== null });
  if (isPending) return PENDING;
  if (!user) {
    const current = local.vehicles.find((v) => v.id === local.currentId) ?? null;
    return { mode: 'visitor', vehicles: local.vehicles, current, isPending: false };
  }
  return {
    mode: 'account',
    vehicles: account.data ?? NONE,
    current: account.data?.find((v) => v.current) ?? null,
    isPending: account.isPending,
  };
}

type GarageChange =
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
 * Changes my garage: on the server when signed in, in this browser otherwise. `choose` adds a
 * vehicle (or finds it there) and makes it the current one.
 */
export function useChangeGarage() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (change: GarageChange) => {
      if (!user) {
        changeVisitorGarage(change);
        return null;
      }
      return changeAccountGarage(change);
    },
    onSuccess: (vehicles) => {
      if (vehicles) queryClient.setQueryData(garageKey, vehicles);
    },
  });
}
