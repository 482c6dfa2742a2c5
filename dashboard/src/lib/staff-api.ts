/**
 * How dashboard screens call the staff API (`/api/dashboard/...`). It is the ui-kit client (same
 * envelope, same bearer token and its renewal) with the envelope already unwrapped. What a screen
 * reads from a refusal is in `lib/refusal`.
 */
import { api, type EnvelopeStatus, type RequestOptions } from '@inkwell/ui-kit/api-client';

export { ApiError } from '@inkwell/ui-kit/api-client';

type Query = RequestOptions['query'];

export interface StaffCallOptions {
  query?: Query;
  signal?: AbortSignal;
  /** The API version of the call when it is not the default (batch publish uses 4, spec §7). */
  apiVersion?: string;
}

function withVersion(options: StaffCallOptions = {}) {
  const query = options.apiVersion ? { ...options.query, 'api-version': options.apiVersion } : options.query;
  return { query, signal: options.signal };
}

/** The staff API with the envelope unwrapped: each call resolves to the envelope's `response`. */
export const staffApi = {
  get: async <T>(path: string, options?: StaffCallOptions): Promise<T> => (await api.get<T>(path, withVersion(options))).data,
  post: async <T>(path: string, body?: unknown, options?: StaffCallOptions): Promise<T> =>
    (await api.post<T>(path, body, withVersion(options))).data,
  put: async <T>(path: string, body?: unknown, options?: StaffCallOptions): Promise<T> => (await api.put<T>(path, body, withVersion(options))).data,
  delete: async <T>(path: string, options?: StaffCallOptions): Promise<T> => (await api.delete<T>(path, withVersion(options))).data,
  /** For the few calls whose envelope status carries something beyond success (`fullCount`). */
  withStatus: async <T>(path: string, body?: unknown, options?: StaffCallOptions): Promise<{ data: T; status: EnvelopeStatus }> =>
    api.post<T>(path, body, withVersion(options)),
};

/** A message a person can act on, whatever was thrown. */
export function errorMessage(error: unknown, fallback = 'Something went wrong. Please try again.'): string {
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
