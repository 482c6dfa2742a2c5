import type { ComicPages } from './types';

/**
 * The reader's document may arrive with the comic's page list and its first page already drawn (the
 * gateway puts them there for a comic anyone may read; see services/gateway/src/routes/reader-document.ts):
 * the page list is taken once instead of asked for again, and the drawn page is removed once the
 * reader shows its own.
 */
export const READER_BOOT_ID = 'inkwell-reader-boot';
export const FIRST_PAGE_ID = 'inkwell-first-page';

/** What the document holds, read (and removed) once: the page list of `idOrUrl`, or null. */
export function takeDocumentPages(idOrUrl: string, root: Pick<Document, 'getElementById'> = document): ComicPages | null {
  const element = root.getElementById(READER_BOOT_ID);
  if (!element) return null;
  element.remove();
  return documentPagesFor(element.textContent ?? '', idOrUrl);
}

/** The page list in the boot element's text when it is the one of `idOrUrl` and looks like one. */
export function documentPagesFor(text: string, idOrUrl: string): ComicPages | null {
  try {
    const boot = JSON.parse(text) as { idOrUrl?: unknown; comic?: Partial<ComicPages> };
    if (boot.idOrUrl !== idOrUrl || !boot.comic || !Array.isArray(boot.comic.pages) || typeof boot.comic.comicID !== 'string') return null;
    return boot.comic as ComicPages;
  } catch {
    return null;
  }
}

/** Removes the first page the document drew (the reader's own is on screen, or the reader shows why it cannot open). */
export function dropDocumentFirstPage(root: Pick<Document, 'getElementById'> = document): void {
  root.getElementById(FIRST_PAGE_ID)?.remove();
}

/** The longest the app waits for the document's first page before it starts anyway (a stalled image must not stall the reader). */
const MOST_WAIT_MS = 3000;

/**
 * Settles once the page the document drew is on screen (its image arrived, or failed, and a frame
 * was drawn), at once when there is none. The app mounts after it: its first render is a long task
 * that would otherwise hold the page's paint back until it is done.
 */
export function documentFirstPageShown(root: Pick<Document, 'getElementById'> = document): Promise<void> {
  const image = root.getElementById(FIRST_PAGE_ID)?.querySelector('img');
  if (!image) return Promise.resolve();
  return new Promise((resolve) => {
    const shown = () => requestAnimationFrame(() => setTimeout(resolve, 0));
    setTimeout(resolve, MOST_WAIT_MS);
    if (image.complete) shown();
    else {
      image.addEventListener('load', shown, { once: true });
      image.addEventListener('error', shown, { once: true });
    }
  });
}
