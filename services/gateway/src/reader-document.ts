import { createHash } from 'node:crypto';
import { readFile, stat } from 'node:fs/promises';
import path from 'node:path';

/**
 * The reader's document with its first page in it (issue 11: the first page painted within 3× a
 * static file's load). A comic a visitor may read without signing in (a free chapter) gets its page
 * list and its first page's image in the HTML itself: the browser fetches the image while the
 * app's code loads, and paints it before the app has run. The app takes the page list from the
 * document instead of asking again, and removes the painted page once its own is on screen.
 *
 * Signed-in readers keep their tokens in local storage, which a document request does not carry:
 * their page list (progress, owned comics) is the app's to ask for. A one-line script in the
 * document removes the anonymous first page and page list at once when a token is stored; the
 * content security policy allows that one script by its hash.
 */
/** What of the reader's `GET /comic/{id}/pages` answer (contracts/src/reader.ts) the document uses; the rest passes through. */
export interface ComicPages {
  comicID: string;
  readingProgress: number;
  pages: ComicPage[];
}
interface ComicPage {
  pageNumber: number;
  width: number;
  height: number;
  url: string;
  sources: Array<{ width: number; webp: string; jpeg: string }>;
}

export const READER_BOOT_ID = 'inkwell-reader-boot';
export const FIRST_PAGE_ID = 'inkwell-first-page';

const SIGNED_IN_CHECK = `try{if(localStorage.getItem('accessToken')){for(const id of ['${FIRST_PAGE_ID}','${READER_BOOT_ID}'])document.getElementById(id)?.remove()}}catch{}`;

/** The CSP source that allows the signed-in check, and nothing else inline. */
export const SIGNED_IN_CHECK_SOURCE = `'sha256-${createHash('sha256').update(SIGNED_IN_CHECK).digest('base64')}'`;

/** `/reader/{id or readable url}/`: the comic's id or url, or null for any other reader address (series paths, bad ones). */
export function comicOfReaderPath(pathname: string): string | null {
  const match = /^\/reader\/([^/]+)\/?$/.exec(pathname);
  if (!match) return null;
  let segment: string;
  try {
    segment = decodeURIComponent(match[1]!);
  } catch {
    return null;
  }
  // Ids and readable urls: letters, digits and dashes; anything else is left to the app to refuse.
  return /^[A-Za-z0-9-]{1,200}$/.test(segment) ? segment : null;
}

const escapeAttribute = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** JSON safe inside a script element: no `</script>`, no HTML comment openers, no line separators that break old parsers. */
export function scriptSafeJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** The page drawn to fit the screen, as the reader's page mode shows it, from the renditions the page list signs. */
function firstPageMarkup(page: ComicPage): string {
  const ratio = page.width / page.height;
  // The rendition a screen needs: as wide as the page is drawn (the screen's width, or its height
  // times the page's ratio when the page is the taller).
  const sizes = `min(100vw, ${(100 * ratio).toFixed(3)}vh)`;
  const srcset = (format: 'webp' | 'jpeg') => page.sources.map((source) => `${source[format]} ${source.width}w`).join(', ');
  // Only drawn: taps, clicks and swipes go through to the reader underneath as soon as it is there.
  const frame = 'position:fixed;inset:0;z-index:5;display:flex;align-items:center;justify-content:center;background:#0b0d18;pointer-events:none';
  const image = 'display:block;width:auto;height:auto;max-width:100vw;max-height:100vh';
  return (
    `<div id="${FIRST_PAGE_ID}" data-page="${page.pageNumber}" aria-hidden="true" style="${frame}">` +
    `<picture>${page.sources.length ? `<source type="image/webp" srcset="${escapeAttribute(srcset('webp'))}" sizes="${sizes}">` : ''}` +
    `<img src="${escapeAttribute(page.url)}"${page.sources.length ? ` srcset="${escapeAttribute(srcset('jpeg'))}" sizes="${sizes}"` : ''} width="${page.width}" height="${page.height}" alt="" fetchpriority="high" decoding="async" style="${image}">` +
    `</picture></div>`
  );
}

/**
 * The storefront's index.html with the comic's page list and its first page: the list as JSON for
 * the app, the page right after `<body>`, and the signed-in check after it.
 */
export function readerDocument(indexHtml: string, idOrUrl: string, comic: ComicPages): string {
  const first = comic.pages[Math.min(Math.max(comic.readingProgress, 0), comic.pages.length - 1)];
  if (!first) return indexHtml;
  const boot = `<script type="application/json" id="${READER_BOOT_ID}">${scriptSafeJson({ idOrUrl, comic })}</script>`;
  const body = /<body[^>]*>/i.exec(indexHtml);
  if (!body) return indexHtml;
  const at = body.index + body[0].length;
  return `${indexHtml.slice(0, at)}${firstPageMarkup(first)}${boot}<script>${SIGNED_IN_CHECK}</script>${indexHtml.slice(at)}`;
}

/** The storefront's index.html, read again only when a new build has replaced it; null when it is not built. */
export function indexHtmlReader(webDist: string): () => Promise<string | null> {
  const file = path.join(webDist, 'index.html');
  let cached: { html: string; modified: number } | null = null;
  return async () => {
    const modified = await stat(file).then((info) => info.mtimeMs, () => null);
    if (modified === null) return null;
    if (cached?.modified !== modified) cached = { html: await readFile(file, 'utf8'), modified };
    return cached.html;
  };
}
