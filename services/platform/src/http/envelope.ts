import { Type, type TSchema } from '@sinclair/typebox';
import { ProblemSchema, type Problem } from '@inkwell/contracts/problems';

/** `status` of the response envelope every JSON answer is wrapped in. */
export interface EnvelopeStatus {
  type: string;
  message?: string;
  geoRestriction?: string;
  fullCount?: number;
  /** A refusal: every rule it broke, each with its field, in the spec's words. */
  problems?: Problem[];
  /** Advice that did not refuse anything (e.g. implausible book weight). */
  warnings?: string[];
}

export interface Envelope<T> {
  status: EnvelopeStatus;
  response: T;
}

export function success<T>(response: T, extra: Omit<EnvelopeStatus, 'type'> = {}): Envelope<T> {
  return { status: { type: 'Success', ...extra }, response };
}

export function failure(type: string, message: string, extra: Omit<EnvelopeStatus, 'type' | 'message'> = {}): Envelope<null> {
  return { status: { type, message, ...extra }, response: null };
}

export const EnvelopeStatusSchema = Type.Object({
  type: Type.String(),
  message: Type.Optional(Type.String()),
  geoRestriction: Type.Optional(Type.String()),
  fullCount: Type.Optional(Type.Integer()),
  problems: Type.Optional(Type.Array(ProblemSchema)),
  warnings: Type.Optional(Type.Array(Type.String())),
});

/** Schema of a successful envelope around `response`, for route response declarations. */
export function EnvelopeOf<T extends TSchema>(response: T) {
  return Type.Object({ status: EnvelopeStatusSchema, response });
}

/** The paginated result dashboard list calls put in `response`. */
export interface Paginated<T> {
  items: T[];
  thisPageNumber: number;
  thisPageSize: number;
  totalPageNumber: number;
  filteredTotalRows: number;
  unfilteredTotalRows: number;
}

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
