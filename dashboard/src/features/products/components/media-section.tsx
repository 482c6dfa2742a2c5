import type { ComponentType } from 'react';
import { Controller, useFormContext } from 'react-hook-form';
import { Label, Radio, RadioGroup } from 'react-aria-components';
import type { DashboardProduct } from '@inkwell/contracts/dashboard-products';
import styles from '@/components/editor/editor.module.css';
import type { ProductFormValues } from '../product-form';
import { useServerProblem } from './server-problems';

/** The comic file's upload and ingestion (the ingest feature's section, passed in by the app). */
export type ComicFileSlot = ComponentType<{
  productId: number;
  ingestCompleted: boolean;
  pageCount: number;
  /** Publish problems about the comic file, shown with it. */
  problems?: readonly string[] | undefined;
  onIngested: () => void;
}>;

interface MediaSectionProps {
  comicFile: ComicFileSlot;
  /** The stored product; a new one has no pages or covers yet. */
  product: DashboardProduct | undefined;
  onIngested: () => void;
}

/** The comic file (ingestion) and the covers it produced, one of which is the default thumbnail. */
export function MediaSection({ comicFile: ComicFileSection, product, onIngested }: MediaSectionProps) {
  const { control } = useFormContext<ProductFormValues>();
  const comicProblem = useServerProblem('comicFile');
  const thumbnails = product?.thumbnails ?? [];

  return (
    <section className={styles.section} aria-labelledby="media-title">
      <div className={styles.sectionHeader}>
        <h2 id="media-title" className={styles.sectionTitle}>
          Comic file and covers
        </h2>
      </div>
      {product ? (
        <ComicFileSection
          productId={product.id}
          ingestCompleted={product.downloadable?.ingestCompleted ?? false}
          pageCount={product.pageCount}
          problems={comicProblem ? [comicProblem] : undefined}
          onIngested={onIngested}
        />
      ) : (
        <p className={styles.sectionNote}>Save the product first; then its comic file can be uploaded here.</p>
      )}
      {thumbnails.length > 0 ? (
        <Controller
          control={control}
          name="defaultThumbnailUrl"
          render={({ field }) => (
            <RadioGroup value={field.value || null} onChange={field.onChange} orientation="horizontal" className={styles.subsection}>
              <Label className={styles.subsectionTitle}>Default thumbnail</Label>
              <div className={styles.thumbnails}>
                {thumbnails.map((thumbnail, index) => (
                  <Radio key={thumbnail.url} value={thumbnail.url} className={styles.thumbnail} aria-label={`Cover ${index + 1}, ${sizeOf(thumbnail)}`}>
                    <img src={thumbnail.fallbackUrl ?? thumbnail.url} alt="" width={thumbnail.width} height={thumbnail.height} loading="lazy" />
                    <span>Cover {index + 1}</span>
                    <span className={styles.thumbnailSize}>{sizeOf(thumbnail)}</span>
                  </Radio>
                ))}
              </div>
            </RadioGroup>
          )}
        />
      ) : (
        product && <p className={styles.sectionNote}>Covers appear here once the comic file has been ingested.</p>
      )}
    </section>
  );
}

/** A cover's size as staff compare them ("250 × 375 px"); covers come in several sizes of one image. */
function sizeOf(thumbnail: { width: number; height: number }): string {
  return thumbnail.width > 0 && thumbnail.height > 0 ? `${thumbnail.width} × ${thumbnail.height} px` : 'size unknown';
}
