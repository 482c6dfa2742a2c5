import { createWriteStream } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { EVENTS, timeIngestionJob, type Database, type FileStorage, type IngestionOutcome, type Logger, type Outbox } from '@inkwell/platform';
import { storedWidths } from '../drivers/page-images';
import type { PageStore } from '../store/page-store';
import { open as openFile } from 'node:fs/promises';
import { ArchiveRefusedError, ComicArchive } from '../drivers/archive';
import { isPdf, PdfComic } from '../drivers/pdf';
import { IngestJobs, type JobRecord } from '../store/ingest-jobs';
import { PAGE_FORMATS_TEXT, PAGE_IMAGE_FORMATS, type IngestLimits } from '../domain/ingest-limits';
import { INGEST_MESSAGES } from '../domain/messages';

/** Widths covers are stored at (storefront spec §9: comic list widths 250, 500), as the demo's covers. */
export const COVER_WIDTHS = [250, 500] as const;

export interface IngesterDeps {
  db: Database;
  files: FileStorage;
  pages: PageStore;
  outbox: Outbox;
  logger: Logger;
  limits: IngestLimits;
}

/** What a run is asked to do beyond encoding the pages. */
export interface RunOptions {
  /** Draw covers from the first page (the product has none yet). */
  withCover: boolean;
  /** The stored archive to read. */
  masterKey: string;
  /** Delete the archive when the job is refused or fails (a new upload; a re-encode keeps its master). */
  dropMasterOnFailure: boolean;
}

/** A page of the uploaded comic, whichever kind of file it came in. */
interface ComicPage {
  name: string;
  read(): Promise<Buffer>;
}

/** The uploaded comic opened: a CBZ/ZIP archive of page images, or a PDF whose pages are drawn. */
interface OpenedComic {
  pages: ComicPage[];
  close(): void;
}

interface CheckedPage {
  page: ComicPage;
  uprightWidth: number;
}

/** Opens the local copy of an upload as what its first bytes say it is (its name may say otherwise). */
async function openComic(file: string, limits: IngestLimits): Promise<OpenedComic> {
  const handle = await openFile(file, 'r');
  const head = Buffer.alloc(8);
  try {
    await handle.read(head, 0, head.length, 0);
  } finally {
    await handle.close();
  }
  const comic = isPdf(head) ? await PdfComic.open(file, limits) : await ComicArchive.open(file, limits);
  return {
    // Each page read by the file it came from (the union's read takes that file's own page).
    pages: comic.pages.map((page) => ({ name: page.name, read: () => comic.read(page as never) })),
    close: () => comic.close(),
  };
}

/**
 * Turns a stored comic archive into a product's page set, in the background: the archive is
 * copied to a local temporary file (yauzl reads a ZIP by seeking), checked whole (every entry,
 * then every page's header decoded), then encoded page by page into a new set that replaces the
 * old one in one transaction with the job's completion and the `comic.ingested` event. A refused
 * or failed archive changes nothing and keeps nothing.
 */
export class Ingester {
  readonly jobs: IngestJobs;
  private readonly running = new Set<Promise<void>>();

  constructor(private readonly deps: IngesterDeps) {
    this.jobs = new IngestJobs(deps.db);
  }

  /** Runs the job in the background; `drain` waits for every run. */
  start(record: JobRecord, options: RunOptions): void {
    const run = this.run(record, options).finally(() => this.running.delete(run));
    this.running.add(run);
  }

  async drain(): Promise<void> {
    while (this.running.size > 0) await Promise.allSettled([...this.running]);
  }

  private async run({ job, actor }: JobRecord, options: RunOptions): Promise<void> {
    const { files, logger, limits } = this.deps;
    const log = logger.child({ jobId: job.id, productId: job.productId });
    const folder = await mkdtemp(path.join(os.tmpdir(), 'inkwell-ingest-'));
    const coverKeys: string[] = [];
    let archive: OpenedComic | undefined;
    const ended = timeIngestionJob(job.kind);
    let outcome: IngestionOutcome = 'failed';
    try {
      await this.jobs.setStatus(job.id, 'working');
      const local = path.join(folder, 'archive.zip');
      const stored = await files.getStream(options.masterKey);
      if (!stored) throw new ArchiveRefusedError(INGEST_MESSAGES.storedArchiveMissing(job.masterRecord));
      await pipeline(stored, createWriteStream(local));

      archive = await openComic(local, limits);
      await this.jobs.setTotal(job.id, archive.pages.length);
      const checked = await this.check(archive);
      const widths = storedWidths(Math.max(...checked.map((entry) => entry.uprightWidth)));

      let firstPage: Buffer | undefined;
      async function* sources(): AsyncGenerator<Buffer> {
        for (const { page } of checked) {
          const bytes = await page.read();
          firstPage ??= bytes;
          yield bytes;
        }
      }
      await this.deps.pages.replaceFrom(String(job.productId), widths, sources(), {
        limitInputPixels: limits.maxPagePixels,
        onPage: (done) => this.jobs.progress(job.id, done),
        commit: async (tx, set) => {
          // Covers are written last, just before the swap, so a refused archive leaves none.
          const cover = options.withCover && firstPage ? await this.storeCover(job.productId, job.id, firstPage, coverKeys) : undefined;
          await this.jobs.complete(tx, job.id, set.pages.length);
          await this.deps.outbox.add(tx, {
            type: EVENTS.comicIngested.type,
            key: String(job.productId),
            data: {
              productId: String(job.productId),
              jobId: job.id,
              pageCount: set.pages.length,
              actorId: actor.id,
              ...(actor.email ? { actorEmail: actor.email } : {}),
              ...(cover ? { cover } : {}),
            },
          });
        },
      });
      outcome = 'completed';
      log.info({ pages: checked.length, widths }, 'comic ingested');
    } catch (error) {
      const refusal = error instanceof ArchiveRefusedError;
      if (refusal) outcome = 'refused';
      if (!refusal) log.error({ err: error }, 'comic ingestion failed');
      else log.info({ reason: (error as Error).message }, 'comic archive refused');
      for (const key of coverKeys) await files.delete(key).catch(() => undefined);
      if (options.dropMasterOnFailure) await files.delete(options.masterKey).catch((cleanup: unknown) => log.warn({ err: cleanup }, 'refused archive could not be deleted'));
      const message = refusal ? (error as Error).message : 'The comic could not be ingested because of an error on our side; please try again. If it keeps failing, tell the developers.';
      await this.jobs.fail(job.id, message).catch((failed: unknown) => log.error({ err: failed }, 'ingest job could not be marked failed'));
    } finally {
      archive?.close();
      await rm(folder, { recursive: true, force: true });
      ended(outcome);
    }
  }

  /**
   * Reads every page once before anything is stored: its bytes inflate within the limits and its
   * header says an image of an accepted format and size. The pixels are decoded later, one page at
   * a time, under the same pixel limit.
   */
  private async check(archive: OpenedComic): Promise<CheckedPage[]> {
    const { limits } = this.deps;
    const checked: CheckedPage[] = [];
    for (const page of archive.pages) {
      const bytes = await page.read();
      let metadata: sharp.Metadata;
      try {
        // Only the header is read here, so no pixel limit: the size is judged below with a clear message.
        metadata = await sharp(bytes, { limitInputPixels: false }).metadata();
      } catch {
        throw new ArchiveRefusedError(INGEST_MESSAGES.unreadableImage(page.name, PAGE_FORMATS_TEXT));
      }
      const { format, width = 0, height = 0, orientation = 1 } = metadata;
      if (!format || !PAGE_IMAGE_FORMATS.has(format) || width <= 0 || height <= 0) {
        throw new ArchiveRefusedError(INGEST_MESSAGES.notPageImage(page.name, PAGE_FORMATS_TEXT));
      }
      if (width > limits.maxPageSide || height > limits.maxPageSide || width * height > limits.maxPagePixels) {
        throw new ArchiveRefusedError(INGEST_MESSAGES.pageTooLarge(page.name, width, height, limits.maxPageSide, Math.round(limits.maxPagePixels / 1_000_000)));
      }
      checked.push({ page, uprightWidth: orientation >= 5 ? height : width });
    }
    return checked;
  }

  /** Cover images from the first page at the cover widths, under public keys named after the job (so no cache serves an older one). */
  private async storeCover(productId: number, jobId: string, page: Buffer, written: string[]) {
    const { files, limits } = this.deps;
    const base = `covers/product-${productId}-ingest-${jobId.replace(/-/g, '').slice(0, 12)}`;
    const covers = [];
    for (const width of COVER_WIDTHS) {
      const scaled = () => sharp(page, { limitInputPixels: limits.maxPagePixels }).rotate().resize({ width });
      const webp = await scaled().webp({ quality: 80 }).toBuffer({ resolveWithObject: true });
      const jpeg = await scaled().flatten({ background: '#ffffff' }).jpeg({ quality: 82 }).toBuffer();
      const keys = { webp: `${base}-${width}.webp`, jpeg: `${base}-${width}.jpg` };
      written.push(keys.webp, keys.jpeg);
      await files.put(keys.webp, webp.data, 'image/webp');
      await files.put(keys.jpeg, jpeg, 'image/jpeg');
      covers.push({ url: files.publicUrl(keys.webp), fallbackUrl: files.publicUrl(keys.jpeg), width, height: webp.info.height });
    }
    return covers;
  }
}
