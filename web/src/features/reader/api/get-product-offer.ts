import { useQuery } from '@tanstack/react-query';
import type { ProductView } from '@inkwell/contracts/catalog';
import { api } from '@inkwell/ui-kit/api-client';

/**
 * `GET /product/{id or readable url}`: what the reader offers a signed-in reader who does not own
 * the comic they opened (its name, cover and formats with their prices and purchasability).
 */
export async function getProductOffer(idOrUrl: string, { signal }: { signal?: AbortSignal } = {}): Promise<ProductView> {
  const { data } = await api.get<ProductView>(`/product/${encodeURIComponent(idOrUrl)}`, { signal });
  return data;
}

/** Keyed by who asks: purchasability depends on the reader (ownership, region). */
export function useProductOffer(idOrUrl: string | null, reader: string | null) {
  return useQuery({
    queryKey: ['reader', 'offer', idOrUrl ?? '', reader] as const,
    queryFn: ({ signal }) => getProductOffer(idOrUrl ?? '', { signal }),
    enabled: idOrUrl !== null,
  });
}
