/**
 * Reading a refused call: the service answers 400 with the rule's messages in the envelope's
 * `status.problems` (word for word) and, for a publish, the book-density `warnings` beside them.
 */
import { ApiError } from '@/lib/staff-api';

export interface Refusal {
  /** The message of the refusal (the whole answer when there is no list). */
  message: string;
  problems: string[];
  warnings: string[];
}

function textList(value: unknown): string[] {
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

/** The problems and warnings of a refusal; any other error becomes one problem with its message. */
export function readRefusal(error: unknown): Refusal {
  if (error instanceof ApiError) {
    const status = (error.status ?? {}) as { problems?: unknown; warnings?: unknown };
    const response = (typeof error.response === 'object' && error.response !== null ? error.response : {}) as { problems?: unknown; warnings?: unknown };
    const problems = [...textList(status.problems), ...textList(response.problems)];
    const warnings = [...textList(status.warnings), ...textList(response.warnings)];
    return { message: error.message, problems: problems.length > 0 ? problems : [error.message], warnings };
  }
  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  return { message, problems: [message], warnings: [] };
}
