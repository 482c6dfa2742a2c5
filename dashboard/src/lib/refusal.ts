/**
 * Reading a refused call: the service answers 400 with every rule it broke in the envelope's
 * `status.problems`, each message word for word with the field it is about, and, for a publish,
 * the book-density `warnings` beside them.
 */
import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { WHOLE_REQUEST, problem, type Problem } from '@inkwell/contracts/problems';
import { ApiError } from '@/lib/staff-api';

export interface Refusal {
  /** The message of the refusal (the whole answer when there is no list). */
  message: string;
  problems: Problem[];
  warnings: string[];
}

/** The problems and warnings of a refusal; any other error becomes one problem, on no field, with its message. */
export function readRefusal(error: unknown): Refusal {
  if (error instanceof ApiError) {
    const problems = error.status?.problems ?? [];
    return {
      message: error.message,
      problems: problems.length > 0 ? problems : [problem(WHOLE_REQUEST, error.message)],
      warnings: error.status?.warnings ?? [],
    };
  }
  const message = error instanceof Error ? error.message : 'Something went wrong. Please try again.';
  return { message, problems: [problem(WHOLE_REQUEST, message)], warnings: [] };
}

/** A refusal's messages alone, one after the other, for a toast or a dialog's line. */
export function refusalMessages(error: unknown): string[] {
  return readRefusal(error).problems.map((item) => item.message);
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
): Problem[] {
  const unplaced: Problem[] = [];
  let focused = false;
  for (const refused of readRefusal(error).problems) {
    const target = fieldMap[refused.field] ?? knownFields.find((field) => field === refused.field);
    if (target) {
      setError(target, { type: 'server', message: refused.message }, { shouldFocus: !focused });
      focused = true;
    } else unplaced.push(refused);
  }
  return unplaced;
}
