import { type CreateCompanyRequest, company } from '@proper-parts/domain/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';
import { companyKey } from './company-key';

/** `POST /company`: I create a company and become its admin. */
export const createCompany = (body: CreateCompanyRequest) =>
  apiFetch(api.company, { method: 'POST', body, schema: company });

export function useCreateCompany() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createCompany,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKey }),
  });
}
