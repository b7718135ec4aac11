import { queryOptions } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { listOf, type Parser } from '../../../lib/plain-shape';
import { type GarageEntry, garageEntryShape } from '../vehicle-shape';

/** Every garage query starts with this key: a change to the garage invalidates it. */
export const garageKey = ['garage'] as const;

export const garageEntryList = listOf(garageEntryShape);

/** `{ vehicles }`, the answer of every garage route, checked without zod (the navbar reads it). */
export const garageAnswer: Parser<GarageEntry[]> = {
  safeParse(value) {
    const vehicles = (value as { vehicles?: unknown } | null)?.vehicles;
    return garageEntryList.safeParse(vehicles);
  },
};

/** `GET /garage`: a signed-in user's vehicles, the most recently added first. */
export const garageQueryOptions = queryOptions({
  queryKey: garageKey,
  queryFn: ({ signal }) => apiFetch(api.garage, { schema: garageAnswer, signal }),
});
