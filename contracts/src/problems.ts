/**
 * A refusal's problems (ARCHITECTURE "Public API"): every rule a request broke, each with the field
 * it belongs to, so a client places the message beside that field without reading the text. The
 * message is the spec's words where the spec gives them. `field` is a dotted path into the request
 * (`title`, `prices.0.amount`, `address.email`); an empty string means the request as a whole.
 */
import { Type, type Static } from '@sinclair/typebox';

export const ProblemSchema = Type.Object({
  field: Type.String(),
  message: Type.String(),
});
export type Problem = Static<typeof ProblemSchema>;

/** The field of a problem about the request as a whole rather than one of its fields. */
export const WHOLE_REQUEST = '';

export function problem(field: string, message: string): Problem {
  return { field, message };
}

/** The messages of the problems on one field (a form shows them under it). */
export function messagesFor(problems: readonly Problem[], field: string): string[] {
  return problems.filter((item) => item.field === field).map((item) => item.message);
}
