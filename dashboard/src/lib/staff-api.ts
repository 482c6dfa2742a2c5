/**
 * How dashboard screens call the staff API (`/api/dashboard/...`). It is the ui-kit client (same
 * envelope, same bearer token and its renewal) with the envelope already unwrapped, plus what a
 * form needs from a refusal: the message to show, and which field it is about.
 *
 * The services answer a refusal with one message naming the field ("name in the body must …",
 * "seriesId: no such series") and, for rules that find several problems at once (publish rules,
 * dashboard spec §5), a list in the envelope's `response` (`problems`, `missingFields`, `details`).
 * {@link fieldProblems} reads both, so a form can put each message under its field.
 */
import { api, ApiError, type EnvelopeStatus, type RequestOptions } from '@inkwell/ui-kit/api-client';
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';

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

/** One problem the server found; `field` is a dotted path into the request body when it names one. */
export interface FieldProblem {
  field?: string;
  message: string;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function problemFrom(value: unknown): FieldProblem | undefined {
  if (typeof value === 'string') return { message: value };
  if (!isRecord(value)) return undefined;
  const message = value.message ?? value.error ?? value.text;
  if (typeof message !== 'string') return undefined;
  const field = value.field ?? value.path ?? value.name;
  return typeof field === 'string' && field !== '' ? { field, message } : { message };
}

/** `body/name`, `body.variants.0.price`, `/name` → `name`, `variants.0.price`. */
function normaliseField(field: string): string {
  return field.replace(/^\/?(body|querystring|params)[./]/, '').replace(/^\//, '').replace(/\//g, '.');
}

// "name in the body must …", "variants.0.price in the body must …", "name is required in the body."
const VALIDATION_FIELD = /^([A-Za-z_][\w.]*) (?:in the (?:body|request body)|is required in the)/;
// "seriesId: no such series", "publishDate: must be in the future"
const PREFIXED_FIELD = /^([A-Za-z_][\w.]*): /;

/**
 * Every problem a refusal carries: the list in its `response` when there is one, otherwise its
 * message, attributed to a field when the message starts by naming one.
 */
export function fieldProblems(error: unknown): FieldProblem[] {
  if (!(error instanceof ApiError)) return error instanceof Error ? [{ message: error.message }] : [];
  const response = error.response;
  const listed: unknown[] = [];
  if (Array.isArray(response)) listed.push(...response);
  else if (isRecord(response)) {
    for (const key of ['problems', 'errors', 'details', 'missingFields']) {
      const value = response[key];
      if (Array.isArray(value)) listed.push(...value);
      else if (isRecord(value)) for (const [field, message] of Object.entries(value)) if (typeof message === 'string') listed.push({ field, message });
    }
  }
  const problems = listed.map(problemFrom).filter((problem): problem is FieldProblem => problem !== undefined);
  if (problems.length > 0) return problems.map((p) => (p.field ? { ...p, field: normaliseField(p.field) } : p));

  const match = VALIDATION_FIELD.exec(error.message) ?? PREFIXED_FIELD.exec(error.message);
  return [match?.[1] ? { field: normaliseField(match[1]), message: error.message } : { message: error.message }];
}

/**
 * Puts a refusal's problems under the form's fields. Problems about a field the form does not have
 * (or about no field) are returned, for the form to show above its buttons or in a toast.
 * `fieldMap` renames server field paths to the form's where they differ.
 */
export function applyServerErrors<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  knownFields: readonly Path<T>[],
  fieldMap: Partial<Record<string, Path<T>>> = {},
): FieldProblem[] {
  const unplaced: FieldProblem[] = [];
  let focused = false;
  for (const problem of fieldProblems(error)) {
    const target = problem.field ? (fieldMap[problem.field] ?? (knownFields.find((f) => f.toLowerCase() === problem.field?.toLowerCase()) as Path<T> | undefined)) : undefined;
    if (target) {
      setError(target, { type: 'server', message: problem.message }, { shouldFocus: !focused });
      focused = true;
    } else unplaced.push(problem);
  }
  return unplaced;
}
