/**
 * What an uploaded comic archive may hold. An archive over any of them is refused whole: a comic
 * is hundreds of pages of a few megabytes each, so these leave room for the largest real one and
 * none for a zip bomb or a page a decoder would choke on.
 */
export interface IngestLimits {
  /** Page images in one archive. */
  maxPages: number;
  /** Entries of any kind (folders and skipped files too): the central directory is read whole. */
  maxEntries: number;
  /** Bytes of one page image once inflated. */
  maxEntryBytes: number;
  /** Bytes of every page image together once inflated. */
  maxTotalBytes: number;
  /** Inflated over stored size of one entry: image formats are compressed already, so a high ratio is a bomb. */
  maxCompressionRatio: number;
  /** Pixels on either side of a page. */
  maxPageSide: number;
  /** Pixels of a page (width × height). */
  maxPagePixels: number;
}

export const DEFAULT_INGEST_LIMITS: IngestLimits = {
  maxPages: 2_000,
  maxEntries: 10_000,
  maxEntryBytes: 64 * 1024 * 1024,
  maxTotalBytes: 4 * 1024 * 1024 * 1024,
  maxCompressionRatio: 100,
  maxPageSide: 10_000,
  maxPagePixels: 50_000_000,
};

/** Page image extensions, by the formats sharp reads here. SVG is left out: it may point elsewhere. */
export const PAGE_IMAGE_EXTENSIONS = ['.jpg', '.jpeg', '.png', '.webp', '.gif', '.tif', '.tiff', '.avif'] as const;
/** What sharp reports for those files. */
export const PAGE_IMAGE_FORMATS: ReadonlySet<string> = new Set(['jpeg', 'png', 'webp', 'gif', 'tiff', 'heif']);

/** Said of the formats a page may be in. */
export const PAGE_FORMATS_TEXT = 'JPEG, PNG, WebP, GIF, TIFF or AVIF';

export function megabytes(bytes: number): string {
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return bytes >= 1024 * 1024 * 1024 ? `${Math.round((bytes / (1024 * 1024 * 1024)) * 10) / 10} GB` : `${Math.round(bytes / (1024 * 1024))} MB`;
}
