import type { OutgoingEmail } from './sender';

/** A URL in plain text ends at white space, markup or a closing bracket or quote. */
const TEXT_LINK = /https?:\/\/[^\s<>"'()[\]]+/g;
/** The punctuation of the sentence a link ends, which is not part of the link. */
const TRAILING_PUNCTUATION = /[.,;:!?]+$/;
const HREF = /href\s*=\s*(["'])(https?:\/\/.+?)\1/gi;
const ENTITIES: Readonly<Record<string, string>> = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&#39;': "'" };

/** Every http(s) URL written in a plain-text body, in order, each once. */
export function textLinks(text: string): string[] {
  return unique((text.match(TEXT_LINK) ?? []).map((link) => link.replace(TRAILING_PUNCTUATION, '')));
}

/** Every http(s) `href` of an HTML body, its entities decoded, in order, each once. */
export function htmlLinks(html: string): string[] {
  return unique([...html.matchAll(HREF)].map((match) => match[2]!.replace(/&(?:amp|lt|gt|quot|#39);/g, (entity) => ENTITIES[entity]!)));
}

/** The links a reader of the mail would follow: the text body's, or the HTML's when there is no text. */
export function emailLinks(email: Pick<OutgoingEmail, 'text' | 'html'>): string[] {
  return email.text.trim() ? textLinks(email.text) : htmlLinks(email.html);
}

function unique(links: string[]): string[] {
  return [...new Set(links)];
}
