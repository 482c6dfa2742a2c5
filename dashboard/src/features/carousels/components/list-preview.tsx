import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { CuratedListInput } from '@inkwell/contracts/dashboard-merchandising';
import type { ProductCardView, SeriesCardView } from '@inkwell/contracts/catalog';
import { Button } from '@inkwell/ui-kit/button';
import styles from '@/components/editor/editor.module.css';
import { formatCount, formatMoney } from '@/lib/format';
import { refusalMessages } from '@/lib/refusal';
import { DEFAULT_DEBOUNCE_MS, useDebouncedValue } from '@/lib/use-debounced-value';
import { carouselsQueryKey, previewCarousel } from '../api/carousels';
import own from './carousels.module.css';

type Card = ProductCardView | SeriesCardView;

function cardTitle(card: Card): string {
  return card.kind === 'product' ? card.displayName || card.name : card.title;
}

function cardMeta(card: Card): string {
  if (card.kind === 'series') return `Series · ${card.ageRating.toUpperCase()}`;
  const price = card.isFree ? 'Free' : card.fromPrice === null ? 'Not for sale' : formatMoney(card.fromPrice, card.variants[0]?.currency ?? 'USD');
  return `${card.subCategory} · ${price}${card.isOnSale ? ' · On sale' : ''}`;
}

/**
 * What the list would show a visitor who may see every rating, as the storefront's cards: asked of
 * `POST /dashboard/carousels/preview` with the unsaved form, once typing has paused.
 */
export function ListPreview({ input }: { input: CuratedListInput }) {
  const body = useDebouncedValue(JSON.stringify(input), DEFAULT_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: [...carouselsQueryKey, 'preview', body],
    queryFn: ({ signal }) => previewCarousel(JSON.parse(body) as CuratedListInput, signal),
    placeholderData: keepPreviousData,
    staleTime: 30_000,
    retry: false,
  });

  return (
    <section className={styles.section} aria-labelledby="carousel-preview-title" aria-busy={preview.isFetching || undefined}>
      <div className={styles.sectionHeader}>
        <h2 id="carousel-preview-title" className={styles.sectionTitle}>
          Preview
        </h2>
        {preview.data && (
          <p className={own.previewState} aria-live="polite">
            {preview.data.fullCount === preview.data.items.length
              ? `${formatCount(preview.data.fullCount)} ${preview.data.fullCount === 1 ? 'item' : 'items'}`
              : `First ${formatCount(preview.data.items.length)} of ${formatCount(preview.data.fullCount)} items`}
          </p>
        )}
      </div>
      <p className={styles.sectionNote}>What the carousel would show with the changes on this page, saved or not.</p>
      {preview.isPending ? (
        <p className={own.previewState} role="status">
          Loading the preview…
        </p>
      ) : preview.isError ? (
        <div role="alert">
          <p className={own.fieldProblem}>The preview did not load: {refusalMessages(preview.error).join(' ')}</p>
          <Button size="sm" variant="secondary" onClick={() => void preview.refetch()} disabled={preview.isFetching}>
            Try again
          </Button>
        </div>
      ) : preview.data.items.length === 0 ? (
        <p className={own.previewState}>Nothing to show yet: add items, or choose filters that match published products or series.</p>
      ) : (
        <ul className={own.cards} aria-label="Items the carousel would show">
          {preview.data.items.map((card) => {
            const cover = card.thumbnails[0];
            return (
              <li key={`${card.kind}-${card.id}`} className={own.card}>
                {cover ? (
                  <img className={own.cover} src={cover.url} alt="" />
                ) : (
                  <span className={`${own.cover} ${own.noCover}`} aria-hidden="true">
                    No cover
                  </span>
                )}
                <p className={own.cardTitle}>{cardTitle(card)}</p>
                <p className={own.cardMeta}>{cardMeta(card)}</p>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
