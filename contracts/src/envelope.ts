/**
 * The envelope every JSON answer is wrapped in (ARCHITECTURE "Public API"):
 * `{ status: { type, message?, geoRestriction?, fullCount?, problems?, warnings? }, response }`.
 * The services build it, the frontends' API client reads it.
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { ProblemSchema } from './problems';

export const EnvelopeStatusSchema = Type.Object({
  /** `Success`, or what went wrong (`BadRequest`, `NotFound`, …). */
  type: Type.String(),
  message: Type.Optional(Type.String()),
  geoRestriction: Type.Optional(Type.String()),
  fullCount: Type.Optional(Type.Integer()),
  /** A refusal: every rule it broke, each with its field, in the spec's words. */
  problems: Type.Optional(Type.Array(ProblemSchema)),
  /** Advice that refused nothing (e.g. an implausible book weight). */
  warnings: Type.Optional(Type.Array(Type.String())),
});
export type EnvelopeStatus = Static<typeof EnvelopeStatusSchema>;

export interface Envelope<T> {
  status: EnvelopeStatus;
  response: T;
}

/** Schema of a successful envelope around `response`, for route response declarations. */
export function EnvelopeOf<T extends TSchema>(response: T) {
  return Type.Object({ status: EnvelopeStatusSchema, response });
}
