import {
  type SetPartNumbersRequest,
  setPartNumbersResult,
} from '@proper-parts/domain/part-numbers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { partNumbersKey } from './part-numbers-key';

/** `PUT /company/part-numbers` (company admins): each item's outcome, refused ones with why. */
export const setPartNumbers = (body: SetPartNumbersRequest) =>
  apiFetch(api.setCompanyPartNumbers, { method: 'PUT', body, schema: setPartNumbersResult });

export function useSetPartNumbers() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPartNumbers,
    onSettled: () => queryClient.invalidateQueries({ queryKey: partNumbersKey }),
  });
}
