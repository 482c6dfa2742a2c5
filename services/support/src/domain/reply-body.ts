import sanitizeHtml from 'sanitize-html';
import { escapeHtml } from './render';

/**
 * A staff reply's body (issue 24): the HTML staff write is cut down to a safe subset (no scripts,
 * styles, forms, images or event handlers; links http, https and mailto only), and the text part
 * is made from it — or the HTML from the text when only text is written.
 */
const SAFE: sanitizeHtml.IOptions = {
  allowedTags: ['p', 'br', 'b', 'strong', 'i', 'em', 'u', 's', 'a', 'ul', 'ol', 'li', 'blockquote', 'code', 'pre', 'h1', 'h2', 'h3', 'h4', 'hr', 'span', 'div'],
  allowedAttributes: { a: ['href', 'title'] },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};
// rel is added by the transform; it must survive the attribute filter.
SAFE.allowedAttributes = { a: ['href', 'title', 'rel'] };

export function sanitizeReplyHtml(html: string): string {
  return sanitizeHtml(html, SAFE).trim();
}

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'", nbsp: ' ', '#39': "'" };

function decodeEntities(text: string): string {
  return text.replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (whole, name: string) => {
    if (name[0] === '#') {
      const code = name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : parseInt(name.slice(1), 10);
      return Number.isFinite(code) && code > 0 && code <= 0x10ffff ? String.fromCodePoint(code) : whole;
    }
    return ENTITIES[name.toLowerCase()] ?? whole;
  });
}

/** The text of (already safe) HTML: paragraphs and breaks kept as lines, links as `text (href)`. */
export function textFromHtml(html: string): string {
  const marked = html
    .replace(/<a\b[^>]*href="([^"]*)"[^>]*>([\s\S]*?)<\/a>/gi, (_whole, href: string, label: string) => {
      const text = label.replace(/<[^>]*>/g, '').trim();
      const target = decodeEntities(href);
      return text && decodeEntities(text) !== target ? `${text} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, '\n')
    .replace(/<li\b[^>]*>/gi, '\n- ')
    .replace(/<\/(p|div|h[1-6]|blockquote|pre|ul|ol)>/gi, '\n\n')
    .replace(/<hr\s*\/?>/gi, '\n---\n');
  const text = decodeEntities(sanitizeHtml(marked, { allowedTags: [], allowedAttributes: {} }));
  return text
    .split('\n')
    .map((line) => line.replace(/[ \t]+/g, ' ').trim())
    .join('\n')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

/** HTML of plain text: blank lines part paragraphs, line breaks stay, web addresses become links. */
export function htmlFromText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .trim()
    .split(/\n\s*\n/)
    .filter((paragraph) => paragraph.trim() !== '')
    .map((paragraph) => {
      const escaped = escapeHtml(paragraph.trim()).replace(/\bhttps?:\/\/[^\s<>"']+[^\s<>"'.,;:!?)]/g, (url) => `<a href="${url}">${url}</a>`);
      return `<p>${escaped.replace(/\n/g, '<br>')}</p>`;
    })
    .join('\n');
}

/** The two parts of a free-text reply from what staff wrote; null when they wrote nothing. */
export function replyBody(input: { htmlBody?: string | undefined; textBody?: string | undefined }): { html: string; text: string } | null {
  const html = input.htmlBody?.trim() ? sanitizeReplyHtml(input.htmlBody) : '';
  const text = input.textBody?.trim() ? input.textBody.replace(/\r\n?/g, '\n').trim() : '';
  if (!html && !text) return null;
  return { html: html || htmlFromText(text), text: text || textFromHtml(html) };
}
