import { useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  Created,
  DashboardPublisher,
  PublisherAlterBody,
  PublisherNewBody,
  PublisherVisibilityAnswer,
} from '@inkwell/contracts/dashboard-catalogue';
import { staffApi } from '@/lib/staff-api';
import { publishersQueryKey } from './get-publishers';

/** `POST /dashboard/publisher/new`. */
export function createPublisher(body: PublisherNewBody): Promise<Created> {
  return staffApi.post<Created>('/dashboard/publisher/new', body);
}

/** `POST /dashboard/publisher/alter`: `imprints` is the whole list (ids kept, new ones added, missing ones removed). */
export function alterPublisher(body: PublisherAlterBody): Promise<DashboardPublisher> {
  return staffApi.post<DashboardPublisher>('/dashboard/publisher/alter', body);
}

/** `POST /dashboard/publisher/remove?id`. */
export function removePublisher(id: number): Promise<unknown> {
  return staffApi.post<unknown>('/dashboard/publisher/remove', undefined, { query: { id } });
}

/** `POST /dashboard/publisher/batch-visibility?hidden` with the publisher ids. */
export function setPublishersHidden(ids: number[], hidden: boolean): Promise<PublisherVisibilityAnswer> {
  return staffApi.post<PublisherVisibilityAnswer>('/dashboard/publisher/batch-visibility', ids, { query: { hidden } });
}

/** Every publisher change refreshes the lists, the imprint lookup and the publisher's history. */
function useInvalidatePublishers() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: publishersQueryKey }),
      queryClient.invalidateQueries({ queryKey: ['lookups', 'imprints'] }),
      queryClient.invalidateQueries({ queryKey: ['audit', 'publisher'] }),
    ]);
}

export function useCreatePublisher() {
  const invalidate = useInvalidatePublishers();
  return useMutation({ mutationFn: createPublisher, onSuccess: invalidate });
}

export function useAlterPublisher() {
  const invalidate = useInvalidatePublishers();
  return useMutation({ mutationFn: alterPublisher, onSuccess: invalidate });
}

export function useRemovePublisher() {
  const invalidate = useInvalidatePublishers();
  return useMutation({ mutationFn: removePublisher, onSuccess: invalidate });
}

export function useSetPublishersHidden() {
  const invalidate = useInvalidatePublishers();
  return useMutation({ mutationFn: ({ ids, hidden }: { ids: number[]; hidden: boolean }) => setPublishersHidden(ids, hidden), onSuccess: invalidate });
}
