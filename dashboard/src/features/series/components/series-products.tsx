import { useId } from 'react';
import { productTypeLabel } from '@inkwell/contracts/labels';
import { Link } from 'react-router-dom';
import { StatusBadge } from '@/components/feedback/status-badge';
import { formatDate } from '@/lib/format';
import { errorMessage } from '@/lib/staff-api';
import styles from '@/components/editor/editor.module.css';
import { useSeriesProducts } from '../api/get-series-products';

/** The series' products in reading order (`GET /dashboard/product/for/series/{id}`), each linking to its editor. */
export function SeriesProducts({ seriesId }: { seriesId: number }) {
  const titleId = useId();
  const products = useSeriesProducts(seriesId);
  return (
    <section className={styles.section} aria-labelledby={titleId}>
      <div className={styles.sectionHeader}>
        <h2 id={titleId} className={styles.sectionTitle}>
          Products in this series
        </h2>
        <Link to="/products/new">New product</Link>
      </div>
      {products.isPending && <p role="status">Loading the products…</p>}
      {products.isError && <p role="alert">The products did not load: {errorMessage(products.error)}</p>}
      {products.data?.length === 0 && <p className={styles.sectionNote}>No products belong to this series yet.</p>}
      {products.data && products.data.length > 0 && (
        <ol className={styles.itemList}>
          {products.data.map((product) => (
            <li key={product.id}>
              <Link to={`/products/${product.id}`}>{product.displayName || product.name || 'Untitled'}</Link>
              <span className={styles.noteMeta}>
                {productTypeLabel(product.subCategory)}
                {product.publishDate ? ` · ${formatDate(product.publishDate)}` : ''}
                <StatusBadge status={product.status} />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
