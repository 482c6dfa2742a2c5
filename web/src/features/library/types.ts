/** Shapes of the reader service's My Comics answers (inside the envelope's `response`). */
export type { LibraryItem } from '@inkwell/contracts/library';
