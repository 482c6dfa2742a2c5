import sanitizeHtml from 'sanitize-html';

/*
 * The HTML staff put on the storefront home (dashboard spec §3 "Text block"), sanitised when it is
 * saved with sanitize-html and an allow-list: formatting, headings, lists, tables, links (http(s),
 * mailto or a storefront path; rel=noopener noreferrer added), images (https or a storefront path)
 * and iframes only from the allow-listed video players. Everything else — scripts, styles, event
 * handlers, javascript:/data:/vbscript: URLs, forms, svg/math, objects, foreign iframes — goes.
 */

/** The video players an HTML component may embed. */
export const VIDEO_IFRAME_HOSTS = ['www.youtube-nocookie.com', 'youtube-nocookie.com', 'player.vimeo.com'] as const;

const FORMATTING = ['p', 'br', 'hr', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'mark', 'sub', 'sup', 'abbr', 'cite', 'q', 'blockquote', 'code', 'pre', 'span', 'div'];
const HEADINGS = ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'];
const LISTS = ['ul', 'ol', 'li', 'dl', 'dt', 'dd'];
const TABLES = ['table', 'caption', 'thead', 'tbody', 'tfoot', 'tr', 'th', 'td', 'colgroup', 'col'];
const MEDIA = ['a', 'img', 'figure', 'figcaption', 'iframe'];

export const ALLOWED_TAGS: readonly string[] = [...FORMATTING, ...HEADINGS, ...LISTS, ...TABLES, ...MEDIA];

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...ALLOWED_TAGS],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'title', 'width', 'height', 'loading'],
    iframe: ['src', 'title', 'width', 'height', 'allow', 'allowfullscreen', 'loading'],
    abbr: ['title'],
    q: ['cite'],
    blockquote: ['cite'],
    th: ['colspan', 'rowspan', 'scope'],
    td: ['colspan', 'rowspan'],
    col: ['span'],
    colgroup: ['span'],
    ol: ['start', 'reversed'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['https'], iframe: ['https'], q: ['https'], blockquote: ['https'] },
  allowedSchemesAppliedToAttributes: ['href', 'src', 'cite'],
  allowProtocolRelative: false,
  allowedIframeHostnames: [...VIDEO_IFRAME_HOSTS],
  allowIframeRelativeUrls: false,
  allowedStyles: {},
  allowVulnerableTags: false,
  disallowedTagsMode: 'discard',
  enforceHtmlBoundary: false,
  parseStyleAttributes: false,
  // An iframe whose source was not an allowed player is dropped whole.
  exclusiveFilter: (frame) => frame.tag === 'iframe' && !frame.attribs.src,
  transformTags: {
    a: (tagName, attribs) => {
      const { target, rel: _rel, ...rest } = attribs;
      return { tagName, attribs: { ...rest, ...(target === '_blank' ? { target } : {}), rel: 'noopener noreferrer' } };
    },
  },
};

/** The content as stored: only the allow-listed tags, attributes and URLs remain. */
export function sanitiseHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS).trim();
}

/** Every tag and attribute of `html` as the sanitiser's parser reads it, e.g. `img`, `img[onerror="alert(1)"]`. */
function tagsAndAttributes(html: string): string[] {
  const seen: string[] = [];
  sanitizeHtml(html, {
    allowedTags: false,
    allowedAttributes: false,
    // Only read, never output: nothing of this pass is kept.
    allowVulnerableTags: true,
    onOpenTag: (name, attribs) => {
      seen.push(name);
      for (const [attribute, value] of Object.entries(attribs)) seen.push(`${name}[${attribute}${value === '' ? '' : `=${JSON.stringify(value.length > 80 ? `${value.slice(0, 80)}…` : value)}`}]`);
    },
  });
  return seen;
}

/** What the sanitiser took out of `html` (tags, and attributes with their values), each once, in the order met. */
function removedParts(html: string, sanitised: string): string[] {
  const kept = new Map<string, number>();
  for (const part of tagsAndAttributes(sanitised)) kept.set(part, (kept.get(part) ?? 0) + 1);
  const removed = new Set<string>();
  for (const part of tagsAndAttributes(html)) {
    const left = kept.get(part) ?? 0;
    if (left > 0) kept.set(part, left - 1);
    else if (!/^a\[rel[\]=]/.test(part)) removed.add(part);
  }
  return [...removed];
}

/** The editor's preview: the content as it would be stored, and what was taken out. */
export function sanitiseWithReport(html: string): { content: string; removed: string[] } {
  const content = sanitiseHtml(html);
  return { content, removed: removedParts(html, content) };
}
