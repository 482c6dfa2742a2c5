/**
 * The System area's calls (contracts/dashboard-system): each service answers for itself, so each
 * has its own queries, and one service that is down fails only its own.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import {
  systemPath,
  type CheckoutSweep,
  type DeadLetterList,
  type RedriveResult,
  type SystemService,
  type SystemStatus,
} from '@inkwell/contracts/dashboard-system';
import { staffApi } from '@/lib/staff-api';
import { afterRedrive } from '../system-health';

/** How often the console asks again on its own: close to live, without hammering seven services. */
export const REFRESH_MS = 5000;

export const systemQueryKey = ['system'] as const;

/** The console refreshes on its own unless told to hold still (while a dialog is open). */
const refresh = (live: boolean) => ({
  refetchInterval: live ? REFRESH_MS : (false as const),
  staleTime: 0,
  // The next refresh is the retry: a service that is down shows as unreachable at once, not after backoffs.
  retry: false,
});

/** `GET /dashboard/system/{service}/status`. */
export const statusQueryOptions = (service: SystemService, live = true) =>
  queryOptions({
    queryKey: [...systemQueryKey, service, 'status'] as const,
    queryFn: ({ signal }) => staffApi.get<SystemStatus>(`${systemPath(service)}/status`, { signal }),
    ...refresh(live),
  });

/** `GET /dashboard/system/{service}/dead-letters`: the oldest first, at most DEAD_LETTER_PAGE_SIZE of `total`. */
export const deadLettersQueryOptions = (service: SystemService, live = true) =>
  queryOptions({
    queryKey: [...systemQueryKey, service, 'dead-letters'] as const,
    queryFn: ({ signal }) => staffApi.get<DeadLetterList>(`${systemPath(service)}/dead-letters`, { signal }),
    ...refresh(live),
  });

/** `GET /dashboard/system/order/checkout`: the order service's sweeper. */
export const checkoutSweepQueryOptions = (live = true) =>
  queryOptions({
    queryKey: [...systemQueryKey, 'order', 'checkout'] as const,
    queryFn: ({ signal }) => staffApi.get<CheckoutSweep>(`${systemPath('order')}/checkout`, { signal }),
    ...refresh(live),
  });

/**
 * `POST /dashboard/system/{service}/dead-letters/{id}/redrive`. The list is brought in line with
 * the answer at once (the row goes, or shows its new error), then the service's figures are read again.
 */
export function useRedrive(service: SystemService) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => staffApi.post<RedriveResult>(`${systemPath(service)}/dead-letters/${id}/redrive`),
    onSuccess: (result, id) => {
      queryClient.setQueryData<DeadLetterList>(deadLettersQueryOptions(service).queryKey, (list) => list && afterRedrive(list, id, result));
      void queryClient.invalidateQueries({ queryKey: [...systemQueryKey, service] });
    },
  });
}
