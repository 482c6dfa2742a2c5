import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { ArchiveRefusedError } from './archive';
import { PAGE_WIDTHS } from './page-images';
import type { IngestLimits } from '../domain/ingest-limits';
import { ARCHIVE_REFUSALS as REFUSALS, INGEST_MESSAGES } from '../domain/messages';

/** A PDF's first bytes. */
const PDF_MAGIC = Buffer.from('%PDF-');

/** Whether the file at the start of `head` is a PDF (uploads are judged by their bytes, not their name). */
export function isPdf(head: Buffer): boolean {
  return head.subarray(0, PDF_MAGIC.length).equals(PDF_MAGIC);
}

/** A page of a PDF comic, by number from 1. */
export interface PdfPage {
  name: string;
  pageNumber: number;
}

/** Pages are drawn as wide as the reader's widest stored width, at most (never wider than the limits let them be). */
const RENDER_WIDTH = Math.max(...PAGE_WIDTHS) * 1.5;

/** The fonts PDF.js draws non-embedded standard fonts with, shipped in its package. */
const STANDARD_FONTS = `${path.join(path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')), 'standard_fonts')}/`;

interface NodeCanvasFactory {
  create(width: number, height: number): {
    canvas: { toBuffer(type: 'image/png'): Buffer };
    context: { fillStyle: string; fillRect(x: number, y: number, width: number, height: number): void };
  };
}

function refused(reason: string): ArchiveRefusedError {
  return new ArchiveRefusedError(INGEST_MESSAGES.pdfRefused(reason));
}

/**
 * A PDF comic on local disk, its pages drawn to images with PDF.js (Mozilla's maintained renderer,
 * drawing on the skia canvas of @napi-rs/canvas): no scripts run (eval off, no XFA), pages are drawn
 * one at a time at the width the reader stores, within the page limits of an archive.
 */
export class PdfComic {
  private constructor(
    private readonly document: PDFDocumentProxy,
    readonly pages: readonly PdfPage[],
    private readonly limits: IngestLimits,
  ) {}

  static async open(file: string, limits: IngestLimits): Promise<PdfComic> {
    const data = new Uint8Array(await readFile(file));
    // Loaded on the first PDF (about 0.1 s), not on every start of the reader.
    const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
    let document: PDFDocumentProxy;
    try {
      document = await getDocument({ data, isEvalSupported: false, enableXfa: false, standardFontDataUrl: STANDARD_FONTS, verbosity: 0 }).promise;
    } catch (error) {
      throw refused(REFUSALS.notPdf(error instanceof Error ? error.message : String(error)));
    }
    if (document.numPages < 1) {
      await document.destroy();
      throw refused(REFUSALS.pdfNoPages);
    }
    if (document.numPages > limits.maxPages) {
      await document.destroy();
      throw refused(REFUSALS.tooManyPages(limits.maxPages));
    }
    const pages = Array.from({ length: document.numPages }, (_, index) => ({ name: `page ${index + 1}`, pageNumber: index + 1 }));
    return new PdfComic(document, pages, limits);
  }

  /** The page drawn as a PNG, as wide as the reader stores pages and within the page limits. */
  async read(page: PdfPage): Promise<Buffer> {
    const pdfPage = await this.document.getPage(page.pageNumber);
    try {
      const natural = pdfPage.getViewport({ scale: 1 });
      if (!(natural.width > 0 && natural.height > 0)) throw refused(REFUSALS.pdfPageNoSize(page.name));
      // As wide as the reader's widest page, but inside the side and pixel limits whatever its shape.
      const byWidth = RENDER_WIDTH / natural.width;
      const bySide = this.limits.maxPageSide / Math.max(natural.width, natural.height);
      const byPixels = Math.sqrt(this.limits.maxPagePixels / (natural.width * natural.height));
      const viewport = pdfPage.getViewport({ scale: Math.min(byWidth, bySide, byPixels) });
      const width = Math.max(1, Math.floor(viewport.width));
      const height = Math.max(1, Math.floor(viewport.height));
      // PDF.js's Node canvas factory (skia, via @napi-rs/canvas); typed here, as the server has no DOM types.
      const factory = this.document.canvasFactory as unknown as NodeCanvasFactory;
      const { canvas, context } = factory.create(width, height);
      // Comic pages are opaque: paper white under what the page draws.
      context.fillStyle = '#ffffff';
      context.fillRect(0, 0, width, height);
      await pdfPage.render({ canvasContext: context, canvas, viewport } as unknown as Parameters<typeof pdfPage.render>[0]).promise;
      return canvas.toBuffer('image/png');
    } catch (error) {
      if (error instanceof ArchiveRefusedError) throw error;
      throw refused(REFUSALS.pdfPageNotDrawn(page.name, error instanceof Error ? error.message : String(error)));
    } finally {
      pdfPage.cleanup();
    }
  }

  close(): void {
    void this.document.destroy();
  }
}
