import sharp from 'sharp';

/**
 * Widths every page is stored at (storefront spec §9: "max page width 1200 when scaling"); the
 * reader picks one per screen from the page's sources.
 */
export const PAGE_WIDTHS = [500, 800, 1200] as const;

export interface EncodedPage {
  /** Intrinsic size of the full image. */
  width: number;
  height: number;
  images: Array<{ width: number; webp: Buffer; jpeg: Buffer }>;
}

/** Flat black-and-white art gains little from slower WebP effort; encoding time dominates a page. */
const WEBP = { quality: 80, effort: 2 };
const JPEG = { quality: 82 };

/**
 * Decodes a page once (any format sharp reads, SVG included) and encodes it at each width as WebP
 * and as JPEG, the fallback; a page narrower than a width is stored at its own width, never enlarged.
 */
export async function encodePage(source: Buffer, widths: readonly number[], options: { limitInputPixels?: number } = {}): Promise<EncodedPage> {
  // An uploaded page decodes under its own pixel limit; drawn pages keep sharp's default.
  const { data, info } = await sharp(source, options.limitInputPixels ? { limitInputPixels: options.limitInputPixels } : {}).rotate().ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  const raw = { raw: { width: info.width, height: info.height, channels: info.channels } } as const;
  const images = await Promise.all(
    widths.map(async (width) => {
      const scaled = () => sharp(data, raw).resize({ width, withoutEnlargement: true });
      const [webp, jpeg] = await Promise.all([scaled().webp(WEBP).toBuffer(), scaled().flatten({ background: '#ffffff' }).jpeg(JPEG).toBuffer()]);
      return { width, webp, jpeg };
    }),
  );
  return { width: info.width, height: info.height, images };
}

/** Width of an image as shown, after its EXIF orientation (5 to 8 turn it on its side). */
export async function uprightWidth(source: Buffer): Promise<number> {
  const { width = 0, height = 0, orientation = 1 } = await sharp(source).metadata();
  return orientation >= 5 ? height : width;
}

/** The widths a set of pages is stored at: those its widest page fills, at least the smallest. */
export function storedWidths(widestPage: number): number[] {
  const fitting = PAGE_WIDTHS.filter((width) => width <= widestPage);
  return fitting.length > 0 ? fitting : [PAGE_WIDTHS[0]];
}
