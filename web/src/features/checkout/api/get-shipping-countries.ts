import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '@inkwell/ui-kit/api-client';
import type { ShippingCountry } from '../types';

/** `GET /order/shippingCountries`: where the store ships, US first, then CA, then the rest (spec §9); the US and CA entries carry their states. */
export async function getShippingCountries({ signal }: { signal?: AbortSignal } = {}): Promise<ShippingCountry[]> {
  const { data } = await api.get<ShippingCountry[]>('/order/shippingCountries', { signal });
  return data;
}

export function getShippingCountriesQueryOptions() {
  return queryOptions({
    queryKey: ['checkout', 'shippingCountries'] as const,
    queryFn: ({ signal }) => getShippingCountries({ signal }),
    // The list changes with a release of the service, not during a visit.
    staleTime: Infinity,
  });
}

export function useShippingCountries() {
  return useQuery(getShippingCountriesQueryOptions());
}
