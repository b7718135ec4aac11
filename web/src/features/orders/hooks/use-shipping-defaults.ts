import type { StructuredAddressInput } from '@proper-parts/domain/addresses';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useCurrentUser } from '../../auth/use-current-user';
import { addressesQueryOptions } from '../../companies/api/get-addresses';
import { useMyCompany } from '../../companies/api/get-my-company';
import { useProfile } from '../../profile/api/get-profile';
import { myOrdersQueryOptions } from '../api/get-my-orders';

export interface ShippingDefaults {
  address: string;
  phone: string;
  /**
   * Issue 33: the first structured address of the same sources (last order, the company's first
   * address book entry, its billing address); null when they hold only text (older orders and
   * entries), and the buyer types the address into the fields.
   */
  shipTo: StructuredAddressInput | null;
}

type Structured = StructuredAddressInput | null | undefined;

/**
 * Where a new order ships unless the buyer says otherwise: where their last order went, else
 * their company's first shipping address (its billing address when its book is empty), else the
 * city and phone of their profile.
 */
export function shippingDefaults(from: {
  lastOrder?: { address: string; phone: string; shipTo?: Structured };
  company?: {
    billingAddress: string;
    firstAddress?: string;
    billingTo?: Structured;
    firstShipTo?: Structured;
  } | null;
  profile?: { city: string; phone: string };
}): ShippingDefaults {
  const pick = (...choices: (string | undefined)[]) =>
    choices.map((choice) => choice?.trim() ?? '').find((choice) => choice !== '') ?? '';
  return {
    address: pick(
      from.lastOrder?.address,
      from.company?.firstAddress,
      from.company?.billingAddress,
      from.profile?.city,
    ),
    phone: pick(from.lastOrder?.phone, from.profile?.phone),
    shipTo:
      [from.lastOrder?.shipTo, from.company?.firstShipTo, from.company?.billingTo].find(
        (address) => address != null,
      ) ?? null,
  };
}

/**
 * The signed-in buyer's shipping defaults, once everything they are drawn from has loaded (null
 * until then, so a field is filled once rather than changing under the buyer's eyes). The last
 * order is the first page of My Orders, shared with that page's cache.
 */
export function useShippingDefaults(): ShippingDefaults | null {
  const { user } = useCurrentUser();
  const email = user?.email ?? '';
  const orders = useQuery({ ...myOrdersQueryOptions(email, 0), enabled: email !== '' });
  const mine = useMyCompany();
  const addresses = useInfiniteQuery({
    ...addressesQueryOptions(),
    enabled: Boolean(mine.company),
  });
  const profile = useProfile(email);
  if (!user || [orders, mine, addresses, profile].some((query) => query.isLoading)) return null;
  return shippingDefaults({
    lastOrder: orders.data?.[0],
    company: mine.company && {
      billingAddress: mine.company.billingAddress,
      firstAddress: addresses.data?.pages[0]?.addresses[0]?.address,
      billingTo: mine.company.billingTo,
      firstShipTo: addresses.data?.pages[0]?.addresses[0]?.shipTo,
    },
    profile: profile.data,
  });
}
