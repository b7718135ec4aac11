import { companyDetail, type TermsRequest } from '@proper-parts/domain/companies';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetchEnvelope } from '../../../lib/api-client';
import { accountsKey } from './get-statement';

/** Shop admin: `PUT /admin/companies/{id}/terms`, net terms and the credit limit. */
export const setTerms = ({ id, terms }: { id: string; terms: TermsRequest }) =>
  apiFetchEnvelope(api.adminCompanyTerms(id), {
    method: 'PUT',
    body: terms,
    schema: companyDetail,
  });

export function useSetTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setTerms,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: accountsKey }),
  });
}
