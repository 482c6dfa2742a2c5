/**
 * The template language as the support service fills it (services/support/src/domain/render.ts):
 * `{{name}}`, spaces allowed inside the braces; values escaped in HTML, as they are in text. The
 * preview fills what staff typed; an empty sample value shows the placeholder itself.
 */
const PLACEHOLDER = /\{\{\s*([A-Za-z][\w.-]*)\s*\}\}/g;

const HTML_ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
const escapeHtml = (value: string) => value.replace(/[&<>"']/g, (char) => HTML_ESCAPES[char]!);

/** The placeholders of the parts, each once, in order of first appearance. */
export function placeholdersIn(...parts: string[]): string[] {
  const names = new Set<string>();
  for (const part of parts) for (const match of part.matchAll(PLACEHOLDER)) names.add(match[1]!);
  return [...names];
}

export function fillText(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (values[name] ? values[name] : whole));
}

export function fillHtml(template: string, values: Record<string, string>): string {
  return template.replace(PLACEHOLDER, (whole, name: string) => (values[name] ? escapeHtml(values[name]) : escapeHtml(whole)));
}

/**
 * The document a preview frame shows. The frame is sandboxed with nothing allowed (no scripts, no
 * forms, an origin of its own) and its own policy loads nothing remote but images over https.
 */
export function emailDocument(html: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="default-src 'none'; script-src 'none'; img-src https: data:; style-src 'unsafe-inline'"><style>body{margin:0;padding:1rem;font:15px/1.5 system-ui,sans-serif;color:#17192c;overflow-wrap:anywhere}img{max-width:100%}</style></head><body>${html}</body></html>`;
}
