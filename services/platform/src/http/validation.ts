import type { Problem } from '@inkwell/contracts/problems';
import { Stream } from 'node:stream';

/** The parts of an Ajv error object the message needs (Ajv runs with `verbose` for `parentSchema`). */
export interface ValidationIssue {
  keyword: string;
  instancePath: string;
  message?: string;
  params: Record<string, unknown>;
  parentSchema?: { errorMessage?: unknown; title?: unknown };
}

const CONTEXT_LABEL: Record<string, string> = {
  body: 'request body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

/**
 * Turns the first schema violation into a sentence a person can act on. A schema may carry its own
 * wording in `errorMessage` (used for the spec's exact messages); otherwise the message names the
 * field and what it must be.
 */
export function validationMessage(context: string, issues: ValidationIssue[]): string {
  const issue = issues[0];
  return issue ? issueMessage(context, issue) : 'The request is not valid.';
}

/**
 * Every schema violation as a problem with its field (the dotted path into the request; for a
 * missing property, the path to it), so a client places each beside its field.
 */
export function validationProblems(context: string, issues: ValidationIssue[]): Problem[] {
  return issues.map((issue) => ({ field: problemField(issue), message: issueMessage(context, issue) }));
}

function problemField(issue: ValidationIssue): string {
  const field = fieldName(issue);
  if (issue.keyword !== 'required') return field;
  return field ? `${field}.${String(issue.params.missingProperty)}` : String(issue.params.missingProperty);
}

function issueMessage(context: string, issue: ValidationIssue): string {
  if (typeof issue.parentSchema?.errorMessage === 'string') return issue.parentSchema.errorMessage;
  const where = CONTEXT_LABEL[context] ?? context;
  const field = fieldName(issue);
  if (issue.keyword === 'required') return `${field ? `${field}.` : ''}${String(issue.params.missingProperty)} is required in the ${where}.`;
  const subject = field ? `${field} in the ${where}` : `The ${where}`;
  switch (issue.keyword) {
    case 'enum':
      return `${subject} must be one of: ${(issue.params.allowedValues as unknown[]).join(', ')}.`;
    case 'maximum':
      return `${subject} must be at most ${String(issue.params.limit)}.`;
    case 'minimum':
      return `${subject} must be at least ${String(issue.params.limit)}.`;
    case 'anyOf':
      return `${subject} is not one of the accepted values.`;
    default:
      return `${subject} ${issue.message ?? 'is not valid'}.`;
  }
}

function fieldName(issue: ValidationIssue): string {
  return issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
}

/** A value the database cannot hold even though the schema let it through. */
export interface UnstorableValue {
  /** Where it is: `["count"]`, `["ids", "0"]`, or the key itself for a key with a NUL. */
  path: string[];
  reason: 'non-finite' | 'nul';
}

/**
 * The first value of a parsed request that no column could store, if any: a number that is not
 * finite (Ajv turns text such as "1e400" into Infinity when it coerces a query, JSON may write it
 * too, and Ajv then skips `minimum`/`maximum` for it), or text holding the NUL character, which
 * PostgreSQL's text and jsonb refuse (JSON may write it as \u0000, a query as %00), in a value or a
 * key.
 */
export function unstorableValue(value: unknown, path: string[] = []): UnstorableValue | undefined {
  if (typeof value === 'number') return Number.isFinite(value) ? undefined : { path, reason: 'non-finite' };
  if (typeof value === 'string') return value.includes('\u0000') ? { path, reason: 'nul' } : undefined;
  if (!isPlainData(value)) return undefined;
  for (const [key, child] of Object.entries(value)) {
    if (key.includes('\u0000')) return { path: [...path, key.replaceAll('\u0000', '\\u0000')], reason: 'nul' };
    const found = unstorableValue(child, [...path, key]);
    if (found) return found;
  }
  return undefined;
}

/**
 * Parsed JSON and query objects (whose prototypes vary with the parser); not the stream the gateway
 * forwards as the body, nor a buffer.
 */
function isPlainData(value: unknown): value is object {
  return typeof value === 'object' && value !== null && !(value instanceof Stream) && !ArrayBuffer.isView(value);
}

/** The message for a value no column can store, worded like the schema violations above. */
export function unstorableMessage(context: string, { path, reason }: UnstorableValue): string {
  const where = CONTEXT_LABEL[context] ?? context;
  const problem = reason === 'nul' ? 'may not contain the NUL character (\\u0000)' : 'must be a finite number';
  return path.length > 0 ? `${path.join('.')} in the ${where} ${problem}.` : `The ${where} ${problem}.`;
}
