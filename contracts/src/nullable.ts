import { Type, type TSchema } from '@sinclair/typebox';

/** A value that may be null (OpenAPI 3.1 `anyOf` with `type: null`). */
export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()]);
