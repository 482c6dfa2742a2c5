import { ApiError } from '@inkwell/ui-kit/api-client';

/** Why the page list could not be opened, as the reader tells the visitor. */
export type ReaderProblem = 'denied' | 'geoRestricted' | 'notFound' | 'failed';

/**
 * Reads a failed `GET /comic/{id}/pages`: 403 is either the region (`geoRestriction: Restricted`)
 * or reading access (storefront spec §8's 'Unable to open comic'); 404 is an unknown comic; the
 * rest (network, server) may pass on a retry.
 */
export function readerProblemOf(error: unknown): ReaderProblem {
  if (!(error instanceof ApiError)) return 'failed';
  if (error.status?.geoRestriction === 'Restricted') return 'geoRestricted';
  if (error.httpStatus === 403) return 'denied';
  if (error.isNotFound) return 'notFound';
  return 'failed';
}
