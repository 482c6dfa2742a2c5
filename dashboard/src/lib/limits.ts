/**
 * The limits a form checks before the service does, read from the request schemas in contracts,
 * which the service validates against: a limit has one owner, and a form cannot drift from it.
 */

/** What a TypeBox schema says of its bounds; `Nullable(...)` and `Optional(...)` keep them on a member. */
interface Bounded {
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  anyOf?: readonly Bounded[];
}

type Bound = 'maxLength' | 'minimum' | 'maximum';

/**
 * The `bound` the schema declares (on itself or, for a nullable field, on its non-null member).
 * Throws when it declares none, so a form never checks against a missing limit.
 */
export function limitOf(schema: object, bound: Bound): number {
  const { [bound]: own, anyOf } = schema as Bounded;
  const value = own ?? anyOf?.map((member) => member[bound]).find((found) => found !== undefined);
  if (value === undefined) throw new Error(`The schema declares no ${bound}.`);
  return value;
}

/** The largest amount of money a field takes, in the currency's units, from its schema's cents. */
export function maxAmountOf(schema: object): number {
  return limitOf(schema, 'maximum') / 100;
}

/** A number as the forms' messages write it ("20,000"), the same in every locale. */
export function writtenNumber(value: number): string {
  return value.toLocaleString('en-US');
}

/** "Description must be at most 20,000 characters." */
export function tooLong(label: string, maxLength: number): string {
  return `${label} must be at most ${writtenNumber(maxLength)} characters.`;
}

/** A react-hook-form `maxLength` rule with the forms' message. */
export function maxLengthRule(label: string, maxLength: number) {
  return { value: maxLength, message: tooLong(label, maxLength) };
}
