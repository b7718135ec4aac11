import { company, type UpdateCompanyRequest } from '@proper-parts/domain/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { companyKey } from './company-key';

/** `PATCH /company` (company admins): name, tax number, billing address. */
export const updateCompany = (body: UpdateCompanyRequest) =>
  apiFetch(api.company, { method: 'PATCH', body, schema: company });

export function useUpdateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKey }),
  });
}
