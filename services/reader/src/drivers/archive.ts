import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { megabytes, PAGE_FORMATS_TEXT, PAGE_IMAGE_EXTENSIONS, type IngestLimits } from '../domain/ingest-limits';
import { ARCHIVE_REFUSALS as REFUSALS, INGEST_MESSAGES } from '../domain/messages';

/** Why an archive was refused; its message is shown to staff as it is. */
export class ArchiveRefusedError extends Error {}

const refused = (reason: string) => new ArchiveRefusedError(INGEST_MESSAGES.archiveRefused(reason));

/** Files archivers and comic tools add beside the pages; skipped, never read. */
function isHarmless(name: string): boolean {
  const base = path.posix.basename(name).toLowerCase();
  return name.split('/').includes('__MACOSX') || base === '.ds_store' || base === 'thumbs.db' || base === 'desktop.ini' || base === 'comicinfo.xml';
}

/** The entry's name as written, for messages: printable characters only, at most 120 of them. */
function shown(name: string): string {
  // eslint-disable-next-line no-control-regex
  const printable = name.replace(/[\u0000-\u001f\u007f]/g, '?');
  return printable.length > 120 ? `${printable.slice(0, 117)}…` : printable;
}

/** Refuses a name that leads out of the archive's root when extracted, whatever the archiver meant. */
function checkName(raw: Buffer, name: string): void {
  if (raw.includes(0x5c) || name.includes('\\')) throw refused(REFUSALS.backslashes(shown(name)));
  if (name.startsWith('/') || /^[a-z]:/i.test(name)) throw refused(REFUSALS.absolutePath(shown(name)));
  if (name.split('/').some((part) => part === '..')) throw refused(REFUSALS.climbs(shown(name)));
  if (name.includes('\u0000')) throw refused(REFUSALS.nulInName(shown(name)));
}

/** Page order: file names in natural order, so page2 comes before page10. */
const naturalOrder = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

export interface ArchivePage {
  /** Path inside the archive. */
  name: string;
  entry: Entry;
}

/**
 * A comic archive on local disk, open for reading its page images by entry. Its central directory
 * has been checked whole before any page is inflated: names, kinds, counts, declared sizes and
 * compression ratios. Inflated bytes are counted again while reading, since headers can lie.
 */
export class ComicArchive {
  private constructor(
    private readonly zip: ZipFile,
    readonly pages: readonly ArchivePage[],
    private readonly limits: IngestLimits,
  ) {}

  /** Opens and checks the archive at `file`; refuses it (ArchiveRefusedError) when it breaks a rule. */
  static async open(file: string, limits: IngestLimits): Promise<ComicArchive> {
    const zip = await new Promise<ZipFile>((resolve, reject) =>
      yauzl.open(file, { lazyEntries: true, autoClose: false, decodeStrings: false, validateEntrySizes: true }, (error, opened) =>
        error ? reject(refused(REFUSALS.notZip(error.message))) : resolve(opened),
      ),
    );
    try {
      const pages = await scan(zip, limits);
      return new ComicArchive(zip, pages, limits);
    } catch (error) {
      zip.close();
      throw error;
    }
  }

  /** The page's bytes, inflated; refused when it inflates past its declared size or the per-page limit. */
  async read(page: ArchivePage): Promise<Buffer> {
    const stream = await new Promise<Readable>((resolve, reject) =>
      this.zip.openReadStream(page.entry, (error, opened) => (error ? reject(refused(REFUSALS.unreadableEntry(shown(page.name), error.message))) : resolve(opened))),
    );
    const limit = Math.min(page.entry.uncompressedSize, this.limits.maxEntryBytes);
    const chunks: Buffer[] = [];
    let total = 0;
    // Counted here as well as by yauzl's size check, so a forged header never buys more than the limit.
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, done) {
        total += chunk.length;
        if (total > limit) return done(refused(REFUSALS.inflatesPastDeclared(shown(page.name))));
        done(null, chunk);
      },
    });
    // pipe() does not pass on the source's errors (yauzl's size and CRC checks among them).
    stream.once('error', (error) => counter.destroy(error));
    try {
      for await (const chunk of stream.pipe(counter)) chunks.push(chunk as Buffer);
    } catch (error) {
      stream.destroy();
      if (error instanceof ArchiveRefusedError) throw error;
      const message = (error as Error).message;
      if (/too many bytes/.test(message)) throw refused(REFUSALS.inflatesPastDeclared(shown(page.name)));
      throw refused(REFUSALS.damagedEntry(shown(page.name), message));
    }
    return Buffer.concat(chunks, total);
  }

  close(): void {
    this.zip.close();
  }
}

async function scan(zip: ZipFile, limits: IngestLimits): Promise<ArchivePage[]> {
  if (zip.entryCount > limits.maxEntries) throw refused(REFUSALS.tooManyEntries(zip.entryCount, limits.maxEntries));
  const pages: ArchivePage[] = [];
  let totalBytes = 0;
  await new Promise<void>((resolve, reject) => {
    const fail = (error: Error) => {
      zip.removeAllListeners('entry');
      reject(error instanceof ArchiveRefusedError ? error : refused(REFUSALS.damaged(error.message)));
    };
    zip.on('error', fail);
    zip.on('end', () => resolve());
    zip.on('entry', (entry: Entry) => {
      try {
        const raw = entry.fileNameRaw;
        // UTF-8 or CP437 by the entry's flag, or the Info-ZIP Unicode path when present (an extractor
        // would use that one, so it is the name checked); backslashes are kept to be refused below.
        const name = yauzl.getFileNameLowLevel(entry.generalPurposeBitFlag, raw, entry.extraFields, true);
        checkName(raw, name);
        if (!name.endsWith('/') && !isHarmless(name)) {
          if (entry.isEncrypted()) throw refused(REFUSALS.encrypted(shown(name)));
          const extension = path.posix.extname(name).toLowerCase();
          if (!(PAGE_IMAGE_EXTENSIONS as readonly string[]).includes(extension)) {
            throw refused(REFUSALS.notPageFile(shown(name), PAGE_FORMATS_TEXT));
          }
          if (!entry.canDecodeFileData()) throw refused(REFUSALS.compression(shown(name)));
          if (entry.uncompressedSize > limits.maxEntryBytes) {
            throw refused(REFUSALS.pageBytes(shown(name), megabytes(entry.uncompressedSize), megabytes(limits.maxEntryBytes)));
          }
          if (entry.uncompressedSize > Math.max(entry.compressedSize, 1) * limits.maxCompressionRatio) {
            throw refused(REFUSALS.ratio(shown(name), limits.maxCompressionRatio));
          }
          totalBytes += entry.uncompressedSize;
          if (totalBytes > limits.maxTotalBytes) throw refused(REFUSALS.totalBytes(megabytes(limits.maxTotalBytes)));
          pages.push({ name, entry });
          if (pages.length > limits.maxPages) throw refused(REFUSALS.tooManyPages(limits.maxPages));
        }
        zip.readEntry();
      } catch (error) {
        fail(error as Error);
      }
    });
    zip.readEntry();
  });
  if (pages.length === 0) throw refused(REFUSALS.noPages(PAGE_FORMATS_TEXT));
  return pages.sort((a, b) => naturalOrder.compare(a.name, b.name));
}
