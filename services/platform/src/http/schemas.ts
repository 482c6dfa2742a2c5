import { Type, type IntegerOptions, type StringOptions } from '@sinclair/typebox';

/**
 * Request-schema pieces for numbers that end up in a database column. A number the schema lets
 * through must fit the column it is compared with or stored in; otherwise Postgres refuses the
 * query and the caller gets a 500 instead of a 400 that names the field.
 */

/** Largest value of a Postgres `integer` (int4) column: counts, offsets, volume and page numbers. */
export const INT4_MAX = 2_147_483_647;

/**
 * Largest id accepted as a JSON or query-string number. Ids are `bigint` columns, but a number above
 * 2^53 - 1 no longer stands for the id that was written (9223372036854775807 reads as
 * 9223372036854775808, past the column's range), and no sequence of ours gets near it.
 */
export const NUMERIC_ID_MAX = Number.MAX_SAFE_INTEGER;

/**
 * An id written as digits in a path or a string field, kept as text all the way to Postgres: at
 * most 18 digits always fits a `bigint` (whose maximum, 9223372036854775807, has 19).
 */
export const DIGITS_ID_PATTERN = '^[0-9]{1,18}$';

/**
 * Last millisecond of the year 9999, in milliseconds since 1970. A JavaScript Date reaches further
 * (year 275760), but a Postgres timestamp written as an ISO date does not: beyond 9999 the year
 * needs six digits, which the insert refuses.
 */
export const UNIX_MS_MAX = 253_402_300_799_999;

/** A row id given as a number (path, query or body); ids start at 1. */
export function NumericId(options: IntegerOptions = {}) {
  return Type.Integer({ minimum: 1, maximum: NUMERIC_ID_MAX, ...options });
}

/** A row id given as a string of digits. */
export function DigitsId(options: StringOptions = {}) {
  return Type.String({ pattern: DIGITS_ID_PATTERN, ...options });
}

/** A whole number for an `integer` column; from 0 unless `minimum` says otherwise. */
export function Int4(options: IntegerOptions = {}) {
  const schema = { minimum: 0, maximum: INT4_MAX, ...options };
  if (schema.maximum > INT4_MAX) throw new Error(`Int4 maximum ${schema.maximum} is beyond the integer column range`);
  return Type.Integer(schema);
}

/** Unix time in seconds or milliseconds, as clients send timestamps. */
export function UnixTime(options: IntegerOptions = {}) {
  return Type.Integer({ minimum: 0, maximum: UNIX_MS_MAX, ...options });
}
