import { useState } from 'react';
import { BookIcon } from '@inkwell/ui-kit/icons';
import styles from './cover-image.module.css';

/** One rendition of a cover or banner (the catalog's thumbnail). */
export interface ImageRendition {
  url: string;
  /** JPEG of the same image, for browsers that cannot show `url`'s format. */
  fallbackUrl?: string | undefined;
  width: number;
  height: number;
  /** Dominant colour, shown while the image loads. */
  color?: string | undefined;
}

const MIME_BY_EXTENSION: Record<string, string> = {
  avif: 'image/avif',
  webp: 'image/webp',
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  svg: 'image/svg+xml',
};

function mimeOf(url: string): string | undefined {
  const extension = /\.([a-z0-9]+)(?:[?#].*)?$/i.exec(url)?.[1]?.toLowerCase();
  return extension ? MIME_BY_EXTENSION[extension] : undefined;
}

function srcSet(urls: Array<{ url: string; width: number }>): string | undefined {
  const widths = new Set(urls.map((entry) => entry.width));
  // A width list only helps when the renditions differ in size.
  if (urls.length < 2 || widths.size < 2) return undefined;
  return urls.map((entry) => `${entry.url} ${entry.width}w`).join(', ');
}

interface CoverImageProps {
  /** Renditions of the same image; the browser picks a size from them. */
  images: readonly ImageRendition[];
  alt: string;
  /** Height as a percentage of width: the frame keeps this shape before the image arrives. */
  ratio: number;
  /** The `sizes` attribute: how wide the image is drawn. */
  sizes?: string;
  /** Above-the-fold images (the hero, a product page's cover) load at once. */
  eager?: boolean;
  className?: string;
  /** Background when the image has no colour of its own. */
  color?: string | undefined;
  /** Fill the positioned parent (a banner behind text) instead of keeping `ratio`. */
  fill?: boolean;
}

/**
 * A cover (or banner) in a frame of reserved shape, so the page does not jump as images arrive.
 * The modern format goes in a `<source>` with the JPEG `fallbackUrl` in the `<img>` behind it;
 * a missing or broken image leaves a plain book placeholder rather than a broken-image icon.
 */
export function CoverImage({ images, alt, ratio, sizes, eager = false, className, color, fill = false }: CoverImageProps) {
  // Remembered per image, so a frame reused for another cover (a slider) tries the new one.
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  const sorted = [...images].sort((a, b) => a.width - b.width);
  const largest = sorted.at(-1);
  const failed = largest !== undefined && failedUrl === largest.url;
  const background = largest?.color ?? color;
  const frameStyle = { ...(fill ? {} : { aspectRatio: `100 / ${ratio}` }), ...(background ? { backgroundColor: background } : {}) };
  const frameClass = [styles.frame, fill && styles.fill, className];

  if (!largest || failed) {
    return (
      <span className={[...frameClass, styles.placeholder].filter(Boolean).join(' ')} style={frameStyle} role={alt ? 'img' : undefined} aria-label={alt || undefined}>
        {!fill && <BookIcon size={32} />}
      </span>
    );
  }

  const fallbacks = sorted.filter((image) => image.fallbackUrl && image.fallbackUrl !== image.url);
  const mime = mimeOf(largest.url);
  // A <source> is only worth having when there is a JPEG to fall back to and its type is known.
  const useSource = fallbacks.length > 0 && mime !== undefined && mime !== 'image/jpeg';
  const imgRenditions = useSource ? fallbacks.map((image) => ({ url: image.fallbackUrl!, width: image.width })) : sorted;
  const imgSrc = imgRenditions.at(-1)!.url;

  return (
    <span className={frameClass.filter(Boolean).join(' ')} style={frameStyle}>
      <picture>
        {useSource && <source type={mime} srcSet={srcSet(sorted) ?? largest.url} sizes={sizes} />}
        <img
          className={styles.image}
          src={imgSrc}
          srcSet={srcSet(imgRenditions)}
          sizes={sizes}
          width={largest.width}
          height={largest.height}
          alt={alt}
          loading={eager ? 'eager' : 'lazy'}
          decoding="async"
          fetchPriority={eager ? 'high' : undefined}
          onError={() => setFailedUrl(largest.url)}
        />
      </picture>
    </span>
  );
}
