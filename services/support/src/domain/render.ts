/** The three parts of an email, as a template holds them and as a rendered mail carries them. */
export interface EmailContent {
  subject: string;
  html: string;
  text: string;
}

export type TemplateValues = Record<string, string>;

/** `{{name}}`, spaces inside the braces allowed; names are letters, digits, `_`, `.` and `-`. */
const PLACEHOLDER = /\{\{\s*([A-Za-z][\w.-]*)\s*\}\}/g;

export class MissingValuesError extends Error {
  constructor(readonly missing: string[]) {
    super(`Missing values for ${missing.join(', ')}`);
    this.name = 'MissingValuesError';
  }
}

/** The placeholders a template uses, each once, in order of first appearance. */
export function placeholdersOf(content: EmailContent): string[] {
  const names = new Set<string>();
  for (const part of [content.subject, content.html, content.text]) {
    for (const match of part.matchAll(PLACEHOLDER)) names.add(match[1]!);
  }
  return [...names];
}

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

/** Safe in element text and in quoted attribute values. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);
}

function fill(template: string, values: TemplateValues, encode: (value: string) => string): string {
  return template.replace(PLACEHOLDER, (_whole, name: string) => encode(values[name]!));
}

/**
 * Fills a template's placeholders. Values are escaped in the HTML part (an email address or a
 * name someone typed must not become markup), taken as they are in the text part, and the subject
 * is kept to one line because it becomes a header. Every placeholder needs a value: a mail with a
 * hole in it is never sent.
 */
export function renderEmail(template: EmailContent, values: TemplateValues): EmailContent {
  const missing = placeholdersOf(template).filter((name) => !Object.hasOwn(values, name) || typeof values[name] !== 'string');
  if (missing.length > 0) throw new MissingValuesError(missing);
  return {
    subject: fill(template.subject, values, (value) => value).replace(/[\r\n]+/g, ' ').trim(),
    html: fill(template.html, values, escapeHtml),
    text: fill(template.text, values, (value) => value),
  };
}
