import { completionStatusLabel, productTypeLabel } from '@inkwell/contracts/labels';
import { Price } from '@/components/ui/price';
import { PosterCard } from '@/components/ui/poster-card';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { priceSummary, productBadges, productCardTitle, productSubtitle, seriesColor, seriesSubtitle, type PriceSummary } from '../catalog-details';
import type { ProductCardView, SeriesCardView } from '../types';
import styles from './item-card.module.css';

/** 'Free', '$7.99', 'From $7.99', a sale price beside the struck full price, or 'Not for sale'. */
export function PriceLine({ summary }: { summary: PriceSummary }) {
  if (summary.kind === 'free') return <span className={styles.free}>Free</span>;
  if (summary.kind === 'unavailable') return <span className={styles.unavailable}>Not for sale</span>;
  return <Price amount={summary.amount} fullAmount={summary.fullAmount} currency={summary.currency} prefix={summary.from ? 'From' : undefined} />;
}

interface ProductCardProps {
  product: ProductCardView;
  /** Series pages say 'Read free' on free chapters. */
  freeLabel?: string;
  /** Lists where the series is obvious (a series page) lead with the volume or chapter. */
  showSeries?: boolean;
}

export function ProductCard({ product, freeLabel, showSeries = true }: ProductCardProps) {
  const subtitle = productSubtitle(product);
  const published = product.publishDate ? formatDate(product.publishDate) : '';
  return (
    <PosterCard
      to={paths.product(product)}
      title={showSeries ? productCardTitle(product) : subtitle}
      subtitle={showSeries ? subtitle : published || productTypeLabel(product.subCategory)}
      footer={<PriceLine summary={priceSummary(product)} />}
      badges={productBadges(product, freeLabel)}
      images={product.thumbnails}
      ratio={POSTER_RATIO.product}
      color={seriesColor(product.series?.color) ?? undefined}
    />
  );
}

export function SeriesCard({ series }: { series: SeriesCardView }) {
  return (
    <PosterCard
      to={paths.series(series)}
      title={series.title}
      subtitle={seriesSubtitle(series)}
      footer={<span className={styles.kind}>Series{series.completionStatus ? ` · ${completionStatusLabel(series.completionStatus)}` : ''}</span>}
      images={series.thumbnails}
      ratio={POSTER_RATIO.series}
      color={seriesColor(series.color) ?? undefined}
    />
  );
}

/** A card for either kind of item in the mixed lists of browse and the home carousels. */
export function ItemCard({ item }: { item: ProductCardView | SeriesCardView }) {
  return item.kind === 'series' ? <SeriesCard series={item} /> : <ProductCard product={item} />;
}
