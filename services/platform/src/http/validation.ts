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
  if (!issue) return 'The request is not valid.';
  if (typeof issue.parentSchema?.errorMessage === 'string') return issue.parentSchema.errorMessage;
  const where = CONTEXT_LABEL[context] ?? context;
  const field = fieldName(issue);
  if (issue.keyword === 'required') return `${field ? `${field}.` : ''}${String(issue.params.missingProperty)} is required in the ${where}.`;
  const subject = field ? `${field} in the ${where}` : `The ${where}`;
  switch (issue.keyword) {
    case 'enum':
      return `${subject} must be one of: ${(issue.params.allowedValues as unknown[]).join(', ')}.`;
    case 'anyOf':
      return `${subject} is not one of the accepted values.`;
    default:
      return `${subject} ${issue.message ?? 'is not valid'}.`;
  }
}

function fieldName(issue: ValidationIssue): string {
  return issue.instancePath.replace(/^\//, '').replace(/\//g, '.');
}
