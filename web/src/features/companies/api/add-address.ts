import { type AddressRequest, companyAddress } from '@proper-parts/domain/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { companyKey } from './company-key';

/** `POST /company/addresses` (company admins). */
export const addAddress = (body: AddressRequest) =>
  apiFetch(api.addCompanyAddress, { method: 'POST', body, schema: companyAddress });

export function useAddAddress() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addAddress,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...companyKey, 'addresses'] }),
  });
}
