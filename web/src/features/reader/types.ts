/** Shapes of the reader service's answers (inside the envelope's `response`): the API's contract. */
export type { ComicLink, ComicPage, ComicPages, PageSource } from '@inkwell/contracts/reader';

/** Storefront spec §2: the reader's three modes. */
export const READER_MODES = ['Page', 'Scroll', 'Strip'] as const;
export type ReaderMode = (typeof READER_MODES)[number];
