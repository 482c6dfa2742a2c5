import { useId } from 'react';
import { useSearchParams } from 'react-router-dom';
import { Button } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, BookIcon, RefreshIcon } from '@inkwell/ui-kit/icons';
import { CardGrid, CardGridSkeleton } from '@/components/ui/card-grid';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { Skeleton } from '@/components/ui/skeleton';
import { TabPanel, Tabs } from '@/components/ui/tabs';
import { useSeriesProducts } from '../api/get-series-products';
import { enabledVariants, splitVolumesAndChapters } from '../catalog-details';
import type { ProductCardView } from '../types';
import { ProductCard } from './item-card';
import type { CartAction } from './purchase-panel';
import styles from './series-products.module.css';

type ListId = 'volumes' | 'chapters';
const TAB_PARAM = 'tab';

interface SeriesProductsProps {
  seriesId: number;
  /** Heading over the tabs. */
  title: string;
  /** Left out of the lists (the product page the lists sit on). */
  excludeProductId?: number;
  /** The tab shown first when the address does not pick one. */
  defaultTab?: ListId;
  /** Add-to-cart buttons under each card that has something to buy. */
  cartAction?: CartAction | undefined;
}

/** A card, with a cart button per format that can be bought under it. */
function ProductItem({ product, freeLabel, cartAction }: { product: ProductCardView; freeLabel: string; cartAction?: CartAction | undefined }) {
  const buyable = cartAction ? enabledVariants(product.variants).filter((variant) => variant.purchasable && variant.price > 0) : [];
  const card = <ProductCard product={product} showSeries={false} freeLabel={freeLabel} />;
  if (!cartAction || buyable.length === 0) return card;
  return (
    <div className={styles.item}>
      {card}
      <div className={styles.buy}>{buyable.map((variant) => cartAction(product, variant))}</div>
    </div>
  );
}

/** A series' Volumes and Chapters (`GET /product/forSeries/{id}`) as two tabs of cards; free chapters say "Read free". */
export function SeriesProducts({ seriesId, title, excludeProductId, defaultTab = 'volumes', cartAction }: SeriesProductsProps) {
  const products = useSeriesProducts(seriesId);
  const [params, setParams] = useSearchParams();
  const idBase = useId();
  const headingId = `${idBase}-heading`;

  let content;
  if (products.isPending) {
    content = (
      <>
        <div className={styles.tabsSkeleton} aria-hidden="true">
          <Skeleton className={styles.tabSkeleton} />
          <Skeleton className={styles.tabSkeleton} />
        </div>
        <div className={styles.panelSkeleton}>
          <CardGridSkeleton count={6} ratio={POSTER_RATIO.product} label="Loading volumes and chapters…" />
        </div>
      </>
    );
  } else if (products.isError) {
    content = (
      <EmptyState
        tone="error"
        headingLevel="h3"
        icon={<AlertIcon />}
        title="We couldn't load the volumes and chapters"
        actions={
          <Button onClick={() => products.refetch()} disabled={products.isFetching}>
            <RefreshIcon size={18} />
            {products.isFetching ? 'Trying again…' : 'Try again'}
          </Button>
        }
      >
        <p>{products.error.message}</p>
      </EmptyState>
    );
  } else {
    const { volumes, chapters } = splitVolumesAndChapters(products.data.filter((product) => product.id !== excludeProductId));
    const lists = { volumes, chapters };
    const tabs = [
      { id: 'volumes' as const, label: 'Volumes', count: volumes.length },
      { id: 'chapters' as const, label: 'Chapters', count: chapters.length },
    ].filter((tab) => tab.count > 0);
    const requested = params.get(TAB_PARAM);
    const selected: ListId | undefined = (tabs.find((tab) => tab.id === requested) ?? tabs.find((tab) => tab.id === defaultTab) ?? tabs[0])?.id;

    if (!selected) {
      content = (
        <EmptyState headingLevel="h3" icon={<BookIcon />} title="Nothing to read here yet">
          <p>Volumes and chapters appear here as soon as they are published. Check the Release Calendar for dates.</p>
        </EmptyState>
      );
    } else {
      content = (
        <>
          <Tabs
            idBase={idBase}
            label={title}
            tabs={tabs}
            selected={selected}
            onSelect={(id) => {
              const next = new URLSearchParams(params);
              next.set(TAB_PARAM, id);
              setParams(next, { replace: true, preventScrollReset: true });
            }}
          />
          <TabPanel idBase={idBase} id={selected}>
            <CardGrid label={selected === 'volumes' ? 'Volumes' : 'Chapters'}>
              {lists[selected].map((product) => (
                <ProductItem key={product.id} product={product} freeLabel={selected === 'chapters' ? 'Read free' : 'Free'} cartAction={cartAction} />
              ))}
            </CardGrid>
          </TabPanel>
        </>
      );
    }
  }

  return (
    <section className={styles.section} aria-labelledby={headingId}>
      <h2 id={headingId} className={styles.title}>
        {title}
      </h2>
      {content}
    </section>
  );
}
