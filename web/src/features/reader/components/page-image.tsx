import { useState, type CSSProperties } from 'react';
import { pageImageSet } from '../page-sources';
import type { Size } from '../page-layout';
import type { ComicPage } from '../types';
import styles from './page-image.module.css';

interface PageImageProps {
  page: ComicPage;
  /** Drawn size; the frame has it before the image arrives, so nothing moves as pages load. */
  size: Size;
  /** Zoom on top of `size`, so a zoomed page asks for a sharper rendition. */
  zoom?: number;
  /** Whether to fetch the image yet (storefront spec §9: pages load from 4 before to 6 after the current). */
  load: boolean;
  /** The page on screen now loads ahead of those preloaded. */
  urgent?: boolean;
  /** Asks for fresh URLs: signed ones expire, and a page left open long enough outlives them. */
  onExpired: (pageNumber: number) => void;
  /** Told once the image has arrived or failed. */
  onSettled?: (() => void) | undefined;
  className?: string;
  style?: CSSProperties;
}

/** One comic page in a frame of reserved size, faded in once its image has arrived. */
export function PageImage({ page, size, zoom = 1, load, urgent = false, onExpired, onSettled, className, style }: PageImageProps) {
  const images = pageImageSet(page);
  // Remembered per URL: fresh URLs after a renewal get a fresh try.
  const [loadedSrc, setLoadedSrc] = useState<string | null>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const sizes = `${Math.ceil(size.width * zoom)}px`;
  const failed = failedSrc === images.src;

  return (
    <div className={[styles.frame, className].filter(Boolean).join(' ')} style={{ width: size.width, height: size.height, ...style }} data-page={page.pageNumber}>
      {load && !failed && (
        <picture>
          {images.webp && <source type="image/webp" srcSet={images.webp} sizes={sizes} />}
          <img
            className={[styles.image, loadedSrc === images.src && styles.loaded].filter(Boolean).join(' ')}
            src={images.src}
            srcSet={images.jpeg}
            sizes={sizes}
            width={size.width}
            height={size.height}
            alt={`Page ${page.pageNumber}`}
            decoding="async"
            fetchPriority={urgent ? 'high' : 'low'}
            draggable={false}
            onLoad={() => {
              setLoadedSrc(images.src);
              onSettled?.();
            }}
            onError={() => {
              setFailedSrc(images.src);
              onExpired(page.pageNumber);
              onSettled?.();
            }}
          />
        </picture>
      )}
      {loadedSrc !== images.src && (
        <span className={styles.placeholder} aria-hidden="true">
          {failed ? 'This page didn’t load' : page.pageNumber}
        </span>
      )}
    </div>
  );
}
