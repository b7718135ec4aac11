import type { ShippingMethodsRequest } from '@proper-parts/domain/shipping';
import { shippingMethodList } from '@proper-parts/domain/shipping';
import {
  companyTaxExemption,
  type TaxExemptionRequest,
  type TaxRatesRequest,
  taxRateTable,
} from '@proper-parts/domain/tax';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../config/paths';
import { apiFetch } from '../../../lib/api-client';

/** Issue 33, shop admin: the sales-tax table, the shipping methods, a company's exemption. */
const taxRatesKey = ['admin', 'tax-rates'] as const;
const shippingMethodsKey = ['admin', 'shipping-methods'] as const;

export const useTaxRates = () =>
  useQuery({
    queryKey: taxRatesKey,
    queryFn: ({ signal }) => apiFetch(api.adminTaxRates, { schema: taxRateTable, signal }),
  });

export function useSaveTaxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxRatesRequest) =>
      apiFetch(api.adminTaxRates, { method: 'PUT', body, schema: taxRateTable }),
    onSuccess: (data) => queryClient.setQueryData(taxRatesKey, data),
  });
}

export function useImportTaxRates() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      body.append('file', file);
      return apiFetch(api.adminTaxRatesImport, { method: 'POST', body, schema: taxRateTable });
    },
    onSuccess: (data) => queryClient.setQueryData(taxRatesKey, data),
  });
}

export const useShippingMethods = () =>
  useQuery({
    queryKey: shippingMethodsKey,
    queryFn: ({ signal }) =>
      apiFetch(api.adminShippingMethods, { schema: shippingMethodList, signal }),
  });

export function useSaveShippingMethods() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ShippingMethodsRequest) =>
      apiFetch(api.adminShippingMethods, { method: 'PUT', body, schema: shippingMethodList }),
    onSuccess: (data) => queryClient.setQueryData(shippingMethodsKey, data),
  });
}

const taxExemptionKey = (companyId: string) => ['admin', 'tax-exemption', companyId] as const;

/** The company's certificate as recorded (`expired` once its day is past), or none. */
export const useTaxExemption = (companyId: string) =>
  useQuery({
    queryKey: taxExemptionKey(companyId),
    queryFn: ({ signal }) =>
      apiFetch(api.adminCompanyTaxExemption(companyId), { schema: companyTaxExemption, signal }),
  });

export function useSaveTaxExemption(companyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TaxExemptionRequest) =>
      apiFetch(api.adminCompanyTaxExemption(companyId), {
        method: 'PUT',
        body,
        schema: companyTaxExemption,
      }),
    onSuccess: (data) => queryClient.setQueryData(taxExemptionKey(companyId), data),
  });
}
