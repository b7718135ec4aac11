import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { api } from '../../config/paths';
import { apiFetch } from '../../lib/api-client';
import { useCurrentUser } from '../auth/use-current-user';
import { garageAnswer, garageKey } from './api/get-garage';
import { visitorGarage } from './visitor-garage';

/**
 * On sign-in, the vehicles a visitor chose in this browser join the account's garage (the
 * visitor's current vehicle stays current), then leave the browser. The server drops unknown
 * vehicles and those past the garage's maximum, and a merge is safe to send again.
 */
export function useMergeVisitorGarage() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  const userId = user?.id ?? null;
  useEffect(() => {
    if (!userId) return;
    const { vehicles, currentId } = visitorGarage.snapshot();
    if (vehicles.length === 0) return;
    apiFetch(api.garageMerge, {
      method: 'POST',
      body: { vehicleIds: vehicles.map((v) => v.id), currentId },
      schema: garageAnswer,
    })
      .then(async (merged) => {
        visitorGarage.clear();
        // A `GET /garage` asked before the merge must not land after it.
        await queryClient.cancelQueries({ queryKey: garageKey });
        queryClient.setQueryData(garageKey, merged);
      })
      .catch(() => {
        // Kept in the browser: the next sign-in (or page load) tries again.
      });
  }, [userId, queryClient]);
}
