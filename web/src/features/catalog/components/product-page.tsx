import { productTypeLabel } from '@inkwell/contracts/labels';
import { useEffect } from 'react';
import { Link } from 'react-router-dom';
import { storefrontVisibility, type PublishStatusName } from '@inkwell/contracts/catalog-rules';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { BookIcon } from '@inkwell/ui-kit/icons';
import { SITE_NAME } from '@/components/layout/page';
import { CoverImage } from '@/components/ui/cover-image';
import { POSTER_RATIO } from '@/components/ui/poster-ratio';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { sendAnalyticsEvent } from '@/lib/analytics';
import { formatDate, todayIsoDate } from '@/lib/format';
import { useProduct } from '../api/get-product';
import { enabledVariants, READ_PROMPTS, readPrompt, seriesColor, sequenceLabel } from '../catalog-details';
import { GeoRestriction } from '../geo-restriction';
import type { ProductView } from '../types';
import { AgeRating } from './age-rating';
import { Credits } from './credits';
import { GeoNotice } from './geo-notice';
import { ItemDescription } from './item-description';
import { ItemProblem } from './item-problem';
import { MatureGate } from './mature-gate';
import { PurchasePanel, type CartAction } from './purchase-panel';

/** The cart's controls, handed in by the app: the large one in the purchase panel, small ones under the series' cards. */
export interface CartActions {
  panel: CartAction;
  card: CartAction;
}
import { SeriesProducts } from './series-products';
import styles from './product-page.module.css';

/** Who is looking: reading access and the prompt to log in or buy depend on it. */
export interface Viewer {
  loggedIn: boolean;
  /** The signed-in reader's id, null for a visitor. */
  id: string | null;
}

function productTitle(product: ProductView): string {
  return product.displayName?.trim() || product.name;
}

function ReadAction({ product, viewer }: { product: ProductView; viewer: Viewer }) {
  const { canRead, reason } = product.readingAccess;
  if (canRead) {
    const label = product.readable.readingProgress ? 'Continue reading' : product.readable.isOwned ? 'Read' : product.isFree ? 'Read free' : 'Read';
    return (
      <ButtonLink to={paths.reader(product.id)} variant="accent" size="lg" className={styles.readButton}>
        <BookIcon size={20} />
        {label}
      </ButtonLink>
    );
  }
  const prompt = readPrompt(reason, viewer.loggedIn);
  return (
    <div className={styles.readLocked}>
      <BookIcon size={20} />
      {prompt === READ_PROMPTS.logIn ? (
        <p>
          <Link to={paths.account}>{prompt}</Link>
          <span className={styles.readHint}> Free chapters and everything you own open in the reader.</span>
        </p>
      ) : prompt === READ_PROMPTS.buy ? (
        <p>
          <strong>{prompt}</strong>
          <span className={styles.readHint}> Once it's in your library, it opens right here in the reader.</span>
        </p>
      ) : (
        <p>
          <strong>{prompt}</strong>
          <span className={styles.readHint}> This edition can't be read in the Inkwell reader.</span>
        </p>
      )}
    </div>
  );
}

function ProductSkeleton() {
  return (
    <div className={styles.page} role="status">
      <span className="visually-hidden">Loading comic…</span>
      <Skeleton className={styles.crumbSkeleton} />
      <div className={styles.layout}>
        <Skeleton className={styles.coverSkeleton} style={{ aspectRatio: `100 / ${POSTER_RATIO.product}` }} />
        <div className={styles.info}>
          <Skeleton className={styles.lineShort} />
          <Skeleton className={styles.titleSkeleton} />
          <Skeleton className={styles.line} />
          <Skeleton className={styles.panelSkeleton} />
        </div>
      </div>
    </div>
  );
}

/**
 * Only staff are shown a product the storefront hides (a Draft, Removed, or Scheduled not yet out):
 * they are told so, lest a preview be taken for what shoppers see, and given the way to its editor.
 */
const PREVIEW_STATE: Partial<Record<string, string>> = { Draft: 'a draft', Removed: 'removed', Scheduled: 'scheduled and not out yet' };

function StaffPreviewNotice({ product }: { product: ProductView }) {
  const visibility = storefrontVisibility({ status: product.status as PublishStatusName, unlisted: product.unlisted, publishDate: product.publishDate, now: new Date() });
  if (visibility !== 'hidden') return null;
  return (
    <p className={styles.staffPreview} role="note">
      Staff preview: this product is {PREVIEW_STATE[product.status] ?? `in the state ${product.status}`}, so shoppers cannot see it.{' '}
      <a href={`/dashboard/products/${product.id}`}>Edit it in the dashboard</a>
    </p>
  );
}

function ProductContent({ product, geoRestriction, viewer, cartActions }: { product: ProductView; geoRestriction: GeoRestriction; viewer: Viewer; cartActions?: CartActions | undefined }) {
  const title = productTitle(product);
  // Storefront spec §7: view_product {productId}, once per product shown.
  useEffect(() => void sendAnalyticsEvent('sendEvent', 'view_product', { productId: String(product.id) }), [product.id]);
  const series = product.series;
  const label = sequenceLabel(product);
  const released = product.publishDate ? product.publishDate.slice(0, 10) <= todayIsoDate() : true;
  const restricted = geoRestriction === GeoRestriction.RestrictedWithData;
  const variants = enabledVariants(product.variants);
  const formats = variants.map((variant) => variant.type);
  const nothingToBuy = variants.every((variant) => variant.price === 0);
  const details = [
    { term: released ? 'Published' : 'Release date', value: product.publishDate ? formatDate(product.publishDate) : null },
    { term: 'Format', value: formats.length > 0 ? formats.join(' and ') : null },
    { term: 'Pages', value: product.readable.pageCount > 0 ? String(product.readable.pageCount) : null },
    { term: 'Type', value: productTypeLabel(product.subCategory) },
    { term: 'Reading direction', value: product.downloadable.reverseReadOrder ? 'Right to left' : null },
  ].filter((detail): detail is { term: string; value: string } => Boolean(detail.value));

  return (
    <article className={styles.page}>
      <title>{`${title} · ${SITE_NAME}`}</title>
      <nav aria-label="Breadcrumb" className={styles.crumbs}>
        <ol>
          <li>
            <Link to={paths.browse}>Browse</Link>
          </li>
          {series && (
            <li>
              <Link to={paths.series(series)}>{series.title}</Link>
            </li>
          )}
          <li aria-current="page">{label ?? title}</li>
        </ol>
      </nav>

      <div className={styles.layout}>
        <div className={styles.coverColumn}>
          <div className={styles.cover}>
            <CoverImage images={product.thumbnails} alt={`Cover of ${title}`} ratio={POSTER_RATIO.product} eager sizes="(min-width: 992px) 360px, (min-width: 576px) 45vw, 70vw" color={seriesColor(series?.color) ?? undefined} />
          </div>
        </div>

        <div className={styles.info}>
          {series && (
            <Link to={paths.series(series)} className={styles.seriesLink}>
              {series.title}
            </Link>
          )}
          <h1 className={styles.title}>{title}</h1>
          {product.relativeName && <p className={styles.relative}>{product.relativeName}</p>}
          <Credits credits={product.creators} />
          <p className={styles.meta}>
            <AgeRating rating={product.ageRating} />
            {product.publishDate && (
              <span>
                {released ? 'Published' : 'Releases'} {formatDate(product.publishDate)}
              </span>
            )}
            {product.readable.pageCount > 0 && <span>{product.readable.pageCount} pages</span>}
          </p>

          <StaffPreviewNotice product={product} />
          {geoRestriction !== GeoRestriction.NotRestricted && <GeoNotice restriction={geoRestriction} />}

          <div className={styles.actions}>
            {/* What the visitor can do first comes first: read it, or buy it. */}
            {product.readingAccess.canRead && <ReadAction product={product} viewer={viewer} />}
            {!nothingToBuy && <PurchasePanel product={product} restricted={restricted} cartAction={cartActions?.panel} />}
            {!product.readingAccess.canRead && <ReadAction product={product} viewer={viewer} />}
          </div>

          <section aria-labelledby="product-about" className={styles.about}>
            <h2 id="product-about" className={styles.sectionTitle}>
              About this {product.chapterNumber !== null ? 'chapter' : 'book'}
            </h2>
            <ItemDescription text={product.description} />
          </section>

          {details.length > 0 && (
            <dl className={styles.details}>
              {details.map((detail) => (
                <div key={detail.term}>
                  <dt>{detail.term}</dt>
                  <dd>{detail.value}</dd>
                </div>
              ))}
            </dl>
          )}
        </div>
      </div>

      {series && (
        <div className={styles.more}>
          <SeriesProducts seriesId={series.id} title={`More from ${series.title}`} excludeProductId={product.id} defaultTab={product.chapterNumber !== null ? 'chapters' : 'volumes'} cartAction={restricted ? undefined : cartActions?.card} />
        </div>
      )}
    </article>
  );
}

/** A product page (`GET /product/{id or readableUrl}`): cover, details, formats and prices, reading, and the rest of its series. */
export function ProductPage({ idOrUrl, viewer, cartActions }: { idOrUrl: string; viewer: Viewer; cartActions?: CartActions | undefined }) {
  const product = useProduct(idOrUrl, viewer.id);
  if (product.isPending) return <ProductSkeleton />;
  if (product.isError) return <ItemProblem error={product.error} noun="comic" retry={() => product.refetch()} retrying={product.isFetching} />;
  const { item, geoRestriction } = product.data;
  return (
    <MatureGate ageRating={item.ageRating} subject="This comic">
      <ProductContent product={item} geoRestriction={geoRestriction} viewer={viewer} cartActions={cartActions} />
    </MatureGate>
  );
}
