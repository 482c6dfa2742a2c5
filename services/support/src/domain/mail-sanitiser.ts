import sanitizeHtml from 'sanitize-html';

/**
 * An inbound email's HTML made safe to show staff: no scripts, event handlers, forms, frames,
 * objects or styles (CSS can load remote URLs and leak that the mail was read); remote images —
 * tracking pixels among them — are replaced by their alt text, only inline (data:) images stay;
 * links open in a new tab with no referrer or opener and never run script.
 */
const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'a', 'abbr', 'b', 'blockquote', 'br', 'caption', 'code', 'dd', 'del', 'div', 'dl', 'dt', 'em', 'h1', 'h2', 'h3', 'h4', 'h5', 'h6',
    'hr', 'i', 'img', 'ins', 'kbd', 'li', 'ol', 'p', 'pre', 'q', 's', 'small', 'span', 'strong', 'sub', 'sup', 'table', 'tbody',
    'td', 'tfoot', 'th', 'thead', 'tr', 'u', 'ul',
  ],
  disallowedTagsMode: 'discard',
  // style, class and id are not kept: inline CSS can fetch (background:url()) and ids can clobber.
  allowedAttributes: {
    a: ['href', 'title'],
    img: ['src', 'alt', 'width', 'height'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan', 'scope'],
    '*': ['dir', 'lang'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['data'] },
  allowedSchemesAppliedToAttributes: ['href', 'src'],
  allowProtocolRelative: false,
  // Text inside removed elements such as <script> and <style> goes with them.
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'title', 'head', 'template', 'iframe', 'object', 'svg', 'math'],
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: 'noopener noreferrer nofollow', target: '_blank' },
    }),
    img: (tagName, attribs) => {
      const src = attribs.src ?? '';
      if (/^data:image\/(?:png|jpeg|gif|webp);base64,/i.test(src)) return { tagName, attribs };
      // A remote image (a tracking pixel, a logo): replaced by its alt text, never loaded.
      // (A tag not on the allowed list is discarded: what an image without alt text becomes.)
      return attribs.alt ? { tagName: 'span', attribs: {}, text: `[image: ${attribs.alt}]` } : { tagName: 'dropped-image', attribs: {} };
    },
  },
};

/** The `transformTags` keep `rel`/`target` on links: they are allowed only as we set them. */
OPTIONS.allowedAttributes = { ...(OPTIONS.allowedAttributes as Record<string, string[]>), a: ['href', 'title', 'rel', 'target'] };

export function sanitiseEmailHtml(html: string): string {
  return sanitizeHtml(html, OPTIONS);
}
