import type { Paginated } from '@inkwell/contracts/dashboard';
import type { Envelope, EnvelopeStatus } from '@inkwell/contracts/envelope';

// The envelope's shape is the contracts' (the frontends read the same one); the services build it here.
export { EnvelopeOf, EnvelopeStatusSchema, type Envelope, type EnvelopeStatus } from '@inkwell/contracts/envelope';
export type { Paginated } from '@inkwell/contracts/dashboard';

export function success<T>(response: T, extra: Omit<EnvelopeStatus, 'type'> = {}): Envelope<T> {
  return { status: { type: 'Success', ...extra }, response };
}

export function failure(type: string, message: string, extra: Omit<EnvelopeStatus, 'type' | 'message'> = {}): Envelope<null> {
  return { status: { type, message, ...extra }, response: null };
}

/** The paginated result dashboard list calls put in `response` (dashboard spec §3). */
export function paginate<T>(items: T[], page: { pageNumber: number; pageSize: number }, filtered: number, unfiltered: number): Paginated<T> {
  return {
    items,
    thisPageNumber: page.pageNumber,
    thisPageSize: page.pageSize,
    totalPageNumber: page.pageSize > 0 ? Math.ceil(filtered / page.pageSize) : 0,
    filteredTotalRows: filtered,
    unfilteredTotalRows: unfiltered,
  };
}
