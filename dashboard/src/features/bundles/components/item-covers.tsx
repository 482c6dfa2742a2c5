import { useQueries } from '@tanstack/react-query';
import type { ThumbnailView } from '@inkwell/contracts/catalog';
import { getProductQueryOptions } from '@/lib/api/get-product';
import styles from '@/components/editor/editor.module.css';

interface ItemCoversProps {
  productIds: readonly number[];
  /** The bundle's default thumbnail address now. */
  current: string;
  onChoose: (thumbnail: ThumbnailView) => void;
}

/**
 * The covers of the bundle's items, to take one as the bundle's default thumbnail with a click
 * rather than by typing an image address (spec §5: a bundle publishes only with one).
 */
export function ItemCovers({ productIds, current, onChoose }: ItemCoversProps) {
  const products = useQueries({ queries: productIds.map((id) => getProductQueryOptions(id)) });
  const covers = products.flatMap((query) => {
    const product = query.data;
    const cover = product ? (product.defaultThumbnail ?? product.thumbnails[0]) : undefined;
    return product && cover ? [{ name: product.displayName || product.name, cover }] : [];
  });
  // An address typed by hand (not an item's cover) is previewed beside the covers.
  const typed = /^(https?:\/\/|\/)\S+$/.test(current) && !covers.some(({ cover }) => cover.url === current) ? current : undefined;
  const note =
    productIds.length === 0
      ? 'Add items below; their covers can then be used as the bundle’s thumbnail.'
      : products.some((query) => query.isPending)
        ? 'Loading the items’ covers…'
        : covers.length === 0
          ? 'None of the items has a cover yet (covers come from an ingested comic file).'
          : undefined;
  return (
    <div className={styles.wide}>
      <p className={styles.subsectionTitle} id="item-covers-title">
        {covers.length > 0 ? 'Use a cover of an item' : 'Thumbnail preview'}
      </p>
      {note && <p className={styles.sectionNote}>{note}</p>}
      {(covers.length > 0 || typed) && (
        <div className={styles.thumbnails} role="group" aria-labelledby="item-covers-title">
          {covers.map(({ name, cover }) => (
            <button
              key={cover.url}
              type="button"
              className={styles.thumbnail}
              aria-pressed={cover.url === current}
              aria-label={`Use the cover of ${name}`}
              onClick={() => onChoose(cover)}
            >
              <img src={cover.fallbackUrl ?? cover.url} alt="" width={cover.width} height={cover.height} loading="lazy" />
              <span>{name}</span>
            </button>
          ))}
          {typed && (
            <span className={styles.thumbnail} data-selected>
              <img src={typed} alt="The image at the address above" />
              <span>Address above</span>
            </span>
          )}
        </div>
      )}
    </div>
  );
}
