/**
 * The one way the storefront and the staff dashboard talk to the Inkwell API (`/api/...` on the
 * same origin; both apps are served by the gateway).
 *
 * Every answer is the envelope `{ status: { type, message?, geoRestriction?, fullCount?, problems?, warnings? }, response }`.
 * A call resolves to `{ data: response, status }` only when the HTTP status is 2xx and
 * `status.type` is `Success`; anything else rejects with an {@link ApiError} whose message a person
 * can act on. An access token rejected with 401 is renewed once with the refresh token, and the
 * call retried; when the renewal is refused too, both tokens are dropped.
 */
import type { EnvelopeStatus } from '@inkwell/contracts/envelope';
import { clearTokens, getAccessToken, getRefreshToken, setTokens } from './storage';

export const API_BASE = '/api';
/** `api-version` sent with every call (storefront spec §9; the dashboard uses the same API). */
export const API_VERSION = '1.4';

/** The envelope's status as the services send it (`problems` lists a refusal's fields and their words). */
export type { EnvelopeStatus } from '@inkwell/contracts/envelope';

export interface ApiResult<T> {
  data: T;
  status: EnvelopeStatus;
}

/** `status.type` values the client itself assigns when there is no usable envelope. */
export const CLIENT_STATUS = {
  networkError: 'NetworkError',
  invalidResponse: 'InvalidResponse',
} as const;

const FALLBACK_MESSAGES = {
  network: "We couldn't reach Inkwell. Check your connection and try again.",
  invalidResponse: "Inkwell sent an answer we couldn't read. Please try again in a moment.",
  unauthorized: 'Your session has ended. Please log in again.',
  forbidden: "You don't have access to this.",
  notFound: "We couldn't find what you were looking for.",
  tooManyRequests: 'Too many requests. Please wait a moment and try again.',
  server: 'Something went wrong on our side. Please try again in a moment.',
  other: 'Something went wrong. Please try again.',
};

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    /** HTTP status of the answer; 0 when the request never got one. */
    readonly httpStatus: number,
    /** The envelope's `status.type` (e.g. `NotFound`), or one of {@link CLIENT_STATUS}. */
    readonly type: string,
    message: string,
    /** The envelope's whole status, when there was one. */
    readonly status?: EnvelopeStatus,
    /** The envelope's `response`; some refusals carry data (geo restriction `RestrictedWithData`). */
    readonly response?: unknown,
  ) {
    super(message);
  }

  /** The catalog's "Object does not exist in backend": a 404, or a `NotFound` status. */
  get isNotFound(): boolean {
    return this.type === 'NotFound' || this.httpStatus === 404;
  }

  /** True for answers that will not change by asking again (4xx other than 408 and 429). */
  get isClientError(): boolean {
    return this.httpStatus >= 400 && this.httpStatus < 500 && this.httpStatus !== 408 && this.httpStatus !== 429;
  }
}

function fallbackMessage(httpStatus: number): string {
  if (httpStatus === 401) return FALLBACK_MESSAGES.unauthorized;
  if (httpStatus === 403) return FALLBACK_MESSAGES.forbidden;
  if (httpStatus === 404) return FALLBACK_MESSAGES.notFound;
  if (httpStatus === 429) return FALLBACK_MESSAGES.tooManyRequests;
  if (httpStatus >= 500) return FALLBACK_MESSAGES.server;
  return FALLBACK_MESSAGES.other;
}

type QueryValue = string | number | boolean | null | undefined | ReadonlyArray<string | number>;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Query parameters; `undefined` and `null` are left out, arrays repeat the key. */
  query?: Record<string, QueryValue>;
  /** JSON-encoded unless it is FormData. */
  body?: unknown;
  /**
   * Headers of this call's own (e.g. an `Idempotency-Key`), sent again when the call is retried
   * after a token renewal. `Accept`, `Authorization` and `Content-Type` stay the client's: the
   * renewal and the body's encoding depend on them.
   */
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function buildApiUrl(path: string, query: RequestOptions['query'] = {}): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    if (Array.isArray(value)) for (const item of value) params.append(key, String(item));
    else params.append(key, String(value));
  }
  if (!params.has('api-version')) params.set('api-version', API_VERSION);
  const normalizedPath = path.startsWith('/') ? path : `/${path}`;
  return `${API_BASE}${normalizedPath}?${params.toString()}`;
}

function isEnvelope(value: unknown): value is { status: EnvelopeStatus; response: unknown } {
  if (typeof value !== 'object' || value === null || !('status' in value)) return false;
  const status = (value as { status: unknown }).status;
  return typeof status === 'object' && status !== null && typeof (status as { type?: unknown }).type === 'string';
}

async function send(path: string, options: RequestOptions, accessToken: string | null): Promise<Response> {
  const headers = new Headers(options.headers);
  headers.set('Accept', 'application/json');
  headers.delete('Authorization');
  headers.delete('Content-Type');
  if (accessToken) headers.set('Authorization', `Bearer ${accessToken}`);
  let body: BodyInit | undefined;
  if (options.body instanceof FormData) body = options.body;
  else if (options.body !== undefined) {
    headers.set('Content-Type', 'application/json');
    body = JSON.stringify(options.body);
  }
  try {
    return await fetch(buildApiUrl(path, options.query), {
      method: options.method ?? 'GET',
      headers,
      body,
      signal: options.signal,
    });
  } catch (error) {
    // A cancelled request is not a failure to report; let callers (react-query) see the abort.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, CLIENT_STATUS.networkError, FALLBACK_MESSAGES.network);
  }
}

async function readEnvelope<T>(res: Response): Promise<ApiResult<T>> {
  let payload: unknown;
  try {
    payload = await res.json();
  } catch {
    payload = undefined;
  }
  if (!isEnvelope(payload)) {
    if (!res.ok) throw new ApiError(res.status, `Http${res.status}`, fallbackMessage(res.status));
    throw new ApiError(res.status, CLIENT_STATUS.invalidResponse, FALLBACK_MESSAGES.invalidResponse);
  }
  const { status, response } = payload;
  if (!res.ok || status.type !== 'Success') {
    throw new ApiError(res.status, status.type, status.message || fallbackMessage(res.status), status, response);
  }
  return { data: response as T, status };
}

/** Path of the token call; it must never trigger a renewal of its own. */
const TOKEN_PATH = '/account/token';

let renewal: Promise<string | null> | null = null;

/**
 * Trades the refresh token for a new access token. Concurrent 401s share one renewal. Resolves
 * to the new token, or null when there is none to be had (tokens are dropped if the server
 * refused the refresh token; kept if it could not be reached, so a later attempt can succeed).
 * Also called after a change the access token's claims carry (the max shown rating), so they are
 * current without waiting for the token to expire.
 */
export function renewAccessToken(): Promise<string | null> {
  renewal ??= (async () => {
    const refreshToken = getRefreshToken();
    if (!refreshToken) {
      clearTokens();
      return null;
    }
    try {
      const res = await send(TOKEN_PATH, { method: 'POST', body: { refresh_token: refreshToken } }, null);
      const { data } = await readEnvelope<{ access_token: string; refresh_token?: string }>(res);
      setTokens({ accessToken: data.access_token, refreshToken: data.refresh_token });
      return data.access_token;
    } catch (error) {
      if (error instanceof ApiError && error.isClientError) clearTokens();
      return null;
    }
  })().finally(() => {
    renewal = null;
  });
  return renewal;
}

export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<ApiResult<T>> {
  const accessToken = getAccessToken();
  let res = await send(path, options, accessToken);
  if (res.status === 401 && accessToken && path !== TOKEN_PATH) {
    const renewed = await renewAccessToken();
    if (renewed) res = await send(path, options, renewed);
  }
  return readEnvelope<T>(res);
}

type Options = Omit<RequestOptions, 'method' | 'body'>;

export const api = {
  get: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T>(path: string, body?: unknown, options?: Options) => apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T>(path: string, options?: Options) => apiRequest<T>(path, { ...options, method: 'DELETE' }),
};
