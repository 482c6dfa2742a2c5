import { INGEST_UPLOAD_FIELD } from '@inkwell/contracts/ingest';

/** What the reader tells a reader: about opening a comic, its pages, My Comics and reading progress. */
export const READER_MESSAGES = {
  notIdOrReadableUrl: 'That is not a valid id or readable url.',
  geoRestricted: 'This title is not available in your region.',
  catalogUnavailable: 'The comic library is temporarily unavailable. Please try again in a moment.',
  productIdNotNumber: 'A product id is a number.',
  userIdRequired: 'user_id is required.',
  noPagesForProgress: 'This comic has no pages to keep your place in.',
  progressOutOfRange: (pageCount: number) => `ReadingProgress must be a page index from 0 to ${pageCount - 1} (the comic has ${pageCount} pages).`,
  progressIndex: 'ReadingProgress is the 0-based index of a page.',
  updatedAt: 'updatedAt is an ISO 8601 date and time, e.g. 2025-01-31T18:04:05.000Z.',
  publicationId: 'PublicationId is the id of a comic.',
  sessionTimes: 'start and end are ISO 8601 dates and times or unix milliseconds.',
  sessionEndsBeforeStart: (index: number) => `pageSessions[${index}] ends before it starts.`,
  notAVariant: (variant: string) => `Variant ${variant} is not a variant of this comic.`,
  notOutYet: 'This comic is not out yet, so it cannot go on your shelf.',
  seriesId: 'SeriesId is a series id (a number).',
  wipeWhich: 'Send either SeriesId, or All: true, to say which reading history to wipe.',
  pageNumber: 'A page number is a number.',
  pageImageName: 'A page image is named {width}.webp or {width}.jpg.',
  pageLinkExpired: 'This page link has expired. Open the comic again to get a fresh one.',
  pageLinkInvalid: 'This page link is not valid.',
  variantParam: "The variant is a variant id, or '-' for none.",
  shelfSort: (sorts: ReadonlyArray<{ code: number; label: string }>) => `sort must be one of ${sorts.map((sort) => `${sort.code} (${sort.label})`).join(', ')}.`,
} as const;

/**
 * What staff are told about granting and removing a user's products (dashboard `users/products…`),
 * beside the contract's USER_PRODUCT_MESSAGES.
 */
export const STAFF_PRODUCT_MESSAGES = {
  notAComic: (sku: string, category: string) => `${sku} is a ${category} product; only comics can be granted, as a grant gives the right to read.`,
  printOnly: (sku: string) => `${sku} is sold in print only; a grant gives the right to read, so only a comic with a Digital edition can be granted.`,
  alreadyOwned: (name: string, productId: string) => `${name} (${productId}) is already owned by this user; it was not granted again.`,
  unknownProductName: (productId: string) => `Product ${productId} (no longer in the catalog)`,
} as const;

/** What staff are told about a comic they upload (dashboard spec §7), shown as it is. */
export const INGEST_MESSAGES = {
  jobId: 'jobId is the id of an ingestion job.',
  notArchive: 'file must be a .cbz or .zip archive of page images, or a .pdf.',
  uploadTooLarge: (limit: string) => `file is larger than the ${limit} an upload may be; split the comic or ask for a higher INGEST_MAX_UPLOAD_BYTES.`,
  notAProduct: (field: string, productId: string) => `${field} ${productId} is not a product.`,
  notAPublication: (field: string, productId: string, category: string) => `${field} ${productId} is a ${category} product; only publications have pages to ingest.`,
  notMultipart: `Send the comic as multipart/form-data, in the field "${INGEST_UPLOAD_FIELD}".`,
  fileMissing: `file is missing: send the comic archive in the form field "${INGEST_UPLOAD_FIELD}".`,
  wrongField: (fieldname: string) => `file is missing: the archive came in the field "${fieldname}"; send it in "${INGEST_UPLOAD_FIELD}".`,
  uploadRefused: (reason: string) => `The upload was refused: ${reason}`,
  uploadBroken: 'The upload did not arrive whole; please upload the archive again.',
  unknownJob: (jobId: string) => `jobId ${jobId} is not an ingestion job.`,
  notAnUploadOf: (masterRecord: string, productId: number) => `masterRecord ${masterRecord} is not an upload of product ${productId}.`,
  noStoredArchive: (masterRecord: string) => `masterRecord ${masterRecord} has no stored archive: that upload was refused or did not finish.`,
  nothingToEncode: (productId: number) => `Product ${productId} has no stored upload to encode again; upload the comic first.`,
  alreadyComplete: (productId: number, pages: number) =>
    `The page set of product ${productId} is already complete (${pages} pages); nothing was re-encoded. Ask with forceReEncode=true to encode it again.`,
  encodingAgain: (productId: number, masterRecord: string) => `Encoding the pages of product ${productId} again from master record ${masterRecord}.`,
  storedArchiveMissing: (masterRecord: string | null) => `The stored archive of ${masterRecord ? `master record ${masterRecord}` : 'this product'} is missing; upload the comic again.`,
  archiveRefused: (reason: string) => `The archive was refused: ${reason}`,
  pdfRefused: (reason: string) => `The PDF was refused: ${reason}`,
  unreadableImage: (name: string, formats: string) => `The archive was refused: "${name}" is not a readable image (${formats}).`,
  notPageImage: (name: string, formats: string) => `The archive was refused: "${name}" is not a page image (${formats}).`,
  pageTooLarge: (name: string, width: number, height: number, maxSide: number, maxMegapixels: number) =>
    `The archive was refused: the page "${name}" is ${width} × ${height} pixels; a page may be at most ${maxSide} pixels on a side and ${maxMegapixels} megapixels.`,
} as const;

/** Why an uploaded archive or PDF was refused: what follows "The archive was refused: " or "The PDF was refused: ". */
export const ARCHIVE_REFUSALS = {
  backslashes: (entry: string) => `the entry "${entry}" uses backslashes in its path, which could lead outside the archive.`,
  absolutePath: (entry: string) => `the entry "${entry}" has an absolute path, outside the archive.`,
  climbs: (entry: string) => `the entry "${entry}" points outside the archive (it climbs with "..").`,
  nulInName: (entry: string) => `the entry "${entry}" has a NUL character in its name.`,
  notZip: (cause: string) => `it is not a readable ZIP or CBZ file (${cause}).`,
  unreadableEntry: (entry: string, cause: string) => `the entry "${entry}" cannot be read (${cause}).`,
  inflatesPastDeclared: (entry: string) => `the entry "${entry}" inflates to more than it declares: it looks like a zip bomb.`,
  damagedEntry: (entry: string, cause: string) => `the entry "${entry}" is damaged (${cause}).`,
  tooManyEntries: (entries: number, max: number) => `it has ${entries} entries; at most ${max} are accepted.`,
  damaged: (cause: string) => `it is damaged (${cause}).`,
  encrypted: (entry: string) => `the entry "${entry}" is encrypted; upload an archive without a password.`,
  notPageFile: (entry: string, formats: string) => `"${entry}" is not a page image. Only ${formats} pages are accepted (and ComicInfo.xml, which is skipped).`,
  compression: (entry: string) => `the entry "${entry}" uses a compression method that is not supported (only stored and deflated entries are).`,
  pageBytes: (entry: string, size: string, max: string) => `the page "${entry}" is ${size}; a page may be at most ${max}.`,
  ratio: (entry: string, max: number) => `the entry "${entry}" inflates more than ${max} times its stored size: it looks like a zip bomb.`,
  totalBytes: (max: string) => `its pages inflate to more than ${max} together.`,
  tooManyPages: (max: number) => `it has more than ${max} pages.`,
  noPages: (formats: string) => `it holds no page images (${formats}).`,
  notPdf: (cause: string) => `it is not a readable PDF (${cause}).`,
  pdfNoPages: 'it has no pages.',
  pdfPageNoSize: (page: string) => `${page} has no size.`,
  pdfPageNotDrawn: (page: string, cause: string) => `${page} could not be drawn (${cause}).`,
} as const;
