import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useCurrentUser } from '../auth/use-current-user';
import { garageQueryOptions } from './api/get-garage';
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
 * My garage, as the navbar and the pages read it (changes: change-garage.ts, kept out of the
 * entry chunk with the mutation code): a signed-in user's from the server (customers and admins alike: it is personal), a
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
