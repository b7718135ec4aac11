import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useCurrentUser } from '../auth/use-current-user';
import { changeGarage, type GarageChange } from './change-garage';

/** My garage's buttons (use this one, remove): `changeGarage` with a pending and an error state. */
export function useChangeGarage() {
  const { user } = useCurrentUser();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: GarageChange) => changeGarage(queryClient, user !== null, change),
  });
}
