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
 * their page list (progress, owned comics) is the app's to ask for. A short script in the document
 * removes the anonymous first page and page list at once when a token is stored; the content
 * security policy allows that one script by its hash.
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
/** The app's entry module, fetched (and compiled) at once but run by the document's script. */
export const APP_ENTRY_ID = 'inkwell-app-entry';

/** The longest the app's start waits for the first page (a stalled image must not stall the reader; the app waits as long: MOST_WAIT_MS). */
const MOST_WAIT_MS = 3000;

/**
 * The document's one inline script, right after the drawn page. It removes the page and the page
 * list for a signed-in reader, and starts the app once the drawn page is on screen (its image
 * arrived or failed, and a frame was drawn) and the document is parsed; at once when there is no
 * page. Running the app's modules is one long task: run while the image arrives, it holds the
 * page's paint back until it is done.
 */
const DOCUMENT_SCRIPT =
  `(()=>{const page=document.getElementById('${FIRST_PAGE_ID}');` +
  `try{if(localStorage.getItem('accessToken')){page?.remove();document.getElementById('${READER_BOOT_ID}')?.remove()}}catch{}` +
  `const entry=document.getElementById('${APP_ENTRY_ID}');if(!entry)return;` +
  `let started=false;const run=()=>{if(!started){started=true;import(entry.href)}};` +
  `const start=()=>{if(document.readyState==='loading')document.addEventListener('DOMContentLoaded',run,{once:true});else run()};` +
  `const image=page?.isConnected?page.querySelector('img'):null;if(!image)return start();` +
  `const shown=()=>requestAnimationFrame(()=>setTimeout(start,0));setTimeout(start,${MOST_WAIT_MS});` +
  `if(image.complete)shown();else{image.addEventListener('load',shown,{once:true});image.addEventListener('error',shown,{once:true})}})()`;

/** The CSP source that allows the document's script, and nothing else inline. */
export const DOCUMENT_SCRIPT_SOURCE = `'sha256-${createHash('sha256').update(DOCUMENT_SCRIPT).digest('base64')}'`;

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

/** The rendition a screen needs: as wide as the page is drawn (the screen's width, or its height times the page's ratio when the page is the taller). */
const drawnWidth = (page: ComicPage) => `min(100vw, ${((100 * page.width) / page.height).toFixed(3)}vh)`;
const srcsetOf = (page: ComicPage, format: 'webp' | 'jpeg') => page.sources.map((source) => `${source[format]} ${source.width}w`).join(', ');

/**
 * Asks for the first page's image before anything else the head names: the stylesheet and the app's
 * scripts take the browser's first connections otherwise, and the image, found only in the body,
 * waits for one of them to be free. It names the same rendition the page's `<picture>` picks (same
 * sources, same sizes), so the image is fetched once.
 */
function firstPagePreload(page: ComicPage): string {
  if (!page.sources.length) return `<link rel="preload" as="image" href="${escapeAttribute(page.url)}" fetchpriority="high">`;
  return `<link rel="preload" as="image" type="image/webp" imagesrcset="${escapeAttribute(srcsetOf(page, 'webp'))}" imagesizes="${drawnWidth(page)}" fetchpriority="high">`;
}

/** The page drawn to fit the screen, as the reader's page mode shows it, from the renditions the page list signs. */
function firstPageMarkup(page: ComicPage): string {
  const sizes = drawnWidth(page);
  // Only drawn: taps, clicks and swipes go through to the reader underneath as soon as it is there.
  const frame = 'position:fixed;inset:0;z-index:5;display:flex;align-items:center;justify-content:center;background:#0b0d18;pointer-events:none';
  const image = 'display:block;width:auto;height:auto;max-width:100vw;max-height:100vh';
  return (
    `<div id="${FIRST_PAGE_ID}" data-page="${page.pageNumber}" aria-hidden="true" style="${frame}">` +
    `<picture>${page.sources.length ? `<source type="image/webp" srcset="${escapeAttribute(srcsetOf(page, 'webp'))}" sizes="${sizes}">` : ''}` +
    `<img src="${escapeAttribute(page.url)}"${page.sources.length ? ` srcset="${escapeAttribute(srcsetOf(page, 'jpeg'))}" sizes="${sizes}"` : ''} width="${page.width}" height="${page.height}" alt="" fetchpriority="high" decoding="async" style="${image}">` +
    `</picture></div>`
  );
}

/** A style sheet link of the built head (Vite writes `<link rel="stylesheet" crossorigin href=…>`). */
const STYLE_SHEET = /<link\b[^>]*\brel=["']?stylesheet["']?[^>]*>\s*/gi;
/** A module script by address (Vite's entry: `<script type="module" crossorigin src=…></script>`). */
const MODULE_SCRIPT = /<script\b(?=[^>]*\btype=["']?module["']?[\s>])(?=[^>]*\bsrc=["']([^"']+)["'])([^>]*)><\/script>/gi;

/** A module preload link's start (Vite preloads the entry's imports: `<link rel="modulepreload" crossorigin href=…>`). */
const MODULE_PRELOAD = /<link\b(?=[^>]*\brel=["']?modulepreload["']?[\s>])/gi;

/**
 * The app's code made to follow the page: the entry script becomes a module preload that the
 * document's script runs once the page is shown, and every module preload is asked for at low
 * priority, after the page's image. The app cannot start before the page is shown; loading its
 * code beside the image only slows the image down (bandwidth, and the browser's and the server's
 * time). Left as it is unless the head has exactly one entry script.
 */
function appCodeAfterPage(head: string): string {
  const entries = [...head.matchAll(MODULE_SCRIPT)];
  if (entries.length !== 1) return head;
  const [tag, src, attributes] = entries[0]!;
  const crossOrigin = /\bcrossorigin\b/i.test(attributes!) ? ' crossorigin' : '';
  return head.replace(tag, `<link rel="modulepreload"${crossOrigin} href="${src}" id="${APP_ENTRY_ID}">`).replace(MODULE_PRELOAD, '$& fetchpriority="low"');
}

/**
 * The storefront's index.html with the comic's first page in it: the image asked for first (a
 * preload at the top of the head), the page drawn right after `<body>`, then the page list as JSON
 * for the app and the document's script, which starts the app once the page is shown.
 *
 * The head's style sheets are asked for right after the image, before the app's code: a browser
 * opens a few connections to a host at once, and a style sheet that waits behind the scripts for
 * one holds back the page's paint as long.
 */
export function readerDocument(indexHtml: string, idOrUrl: string, comic: ComicPages): string {
  const first = comic.pages[Math.min(Math.max(comic.readingProgress, 0), comic.pages.length - 1)];
  if (!first) return indexHtml;
  const body = /<body[^>]*>/i.exec(indexHtml);
  if (!body) return indexHtml;
  const styleSheets = indexHtml.slice(0, body.index).match(STYLE_SHEET) ?? [];
  const head = appCodeAfterPage(indexHtml.slice(0, body.index).replace(STYLE_SHEET, ''));
  // After the head's meta elements (the character set, and the viewport the sizes are measured in), before anything it fetches.
  const fetched = /<(?:script|link|style)\b/i.exec(head);
  const closed = head.search(/<\/head>/i);
  const at = fetched?.index ?? (closed >= 0 ? closed : head.length);
  const boot = `<script type="application/json" id="${READER_BOOT_ID}">${scriptSafeJson({ idOrUrl, comic })}</script>`;
  return (
    `${head.slice(0, at)}${firstPagePreload(first)}${styleSheets.join('')}${head.slice(at)}${body[0]}` +
    `${firstPageMarkup(first)}${boot}<script>${DOCUMENT_SCRIPT}</script>${indexHtml.slice(body.index + body[0].length)}`
  );
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
