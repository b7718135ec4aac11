import { type AddressRequest, companyAddress } from '@proper-parts/domain/companies';
import { useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { idempotencyHeader, useIdempotentMutation } from '../../../lib/idempotent-mutation';
import { companyKey } from './company-key';

/** `POST /company/addresses` (company admins). */
export const addAddress = (body: AddressRequest, idempotencyKey: string) =>
  apiFetch(api.addCompanyAddress, {
    method: 'POST',
    body,
    headers: idempotencyHeader(idempotencyKey),
    schema: companyAddress,
  });

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useIdempotentMutation({
    mutationFn: addAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...companyKey, 'addresses'] }),
  });
}
