import { Type } from '@sinclair/typebox';
import type { FastifyRequest } from 'fastify';

export const ItemParams = Type.Object({ id: Type.String({ minLength: 1, maxLength: 200 }) });

/** Splits `typeIds=0,8` into `['0', '8']` before validation, so lists may be repeated or comma-separated. */
export function splitCommaLists(names: readonly string[]) {
  return async (request: FastifyRequest) => {
    const query = request.query as Record<string, unknown>;
    for (const name of names) {
      const value = query[name];
      const parts = (Array.isArray(value) ? value : [value]).flatMap((part) => (typeof part === 'string' ? part.split(',') : []));
      if (value !== undefined) query[name] = parts.filter((part) => part.trim() !== '');
    }
  };
}
