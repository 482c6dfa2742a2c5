import { Link } from 'react-router-dom';
import { paths } from '@/config/paths';
import { formatDate, formatMoney } from '@/lib/format';
import type { Order } from '../types';
import styles from './orders.module.css';
import { PriceLines } from './price-lines';


/**
 * Digital items are owned once their order is paid and released (a pre-order's on its release
 * day): an order still sending its Print items already gave its Digital ones.
 */
const READABLE: ReadonlySet<Order['status']> = new Set(['PendingProcessing', 'Processing', 'Completed']);
const readable = (order: Order) => READABLE.has(order.status);

/**
 * One order: its number, date and status label (spec §4's 'Payment TBC', 'Blocked', … as the order
 * service gives it), its items (Digital ones with a way into the reader once owned), and its totals. `headingLevel` fits it under the page's headings.
 */
export function OrderCard({ order, headingLevel: Heading = 'h3', showRead = true }: { order: Order; headingLevel?: 'h2' | 'h3'; showRead?: boolean }) {
  const currency = order.isoCurrency;
  const details = order.priceDetails;
  return (
    <article className={styles.card} aria-labelledby={`order-${order.id}`}>
      <header className={styles.cardHeader}>
        <Heading id={`order-${order.id}`} className={styles.cardTitle}>
          Order {order.accountingId}
        </Heading>
        <span className={`${styles.status} ${styles[order.status] ?? ''}`}>{order.statusLabel}</span>
      </header>
      <p className={styles.meta}>
        Placed {formatDate(order.orderDate)}
        {order.scheduleDate && order.status === 'Scheduled' ? ` · unlocks on ${formatDate(order.scheduleDate)}` : ''}
      </p>
      <ul className={styles.items}>
        {order.orderItems.map((item) => (
          <li key={`${item.productId}-${item.variantId}`} className={styles.item}>
            <span className={styles.itemName}>
              {item.name}
              <span className={styles.itemMeta}>
                {item.distributionType}
                {item.quantity > 1 ? ` × ${item.quantity}` : ''}
              </span>
            </span>
            <span className={styles.itemEnd}>
              {formatMoney(item.price * item.quantity, item.currency)}
              {showRead && item.distributionType === 'Digital' && readable(order) && (
                <Link className={styles.read} to={paths.reader(item.productId)} aria-label={`Read now: ${item.name}`}>
                  Read now
                </Link>
              )}
            </span>
          </li>
        ))}
      </ul>
      <dl className={styles.totals}>
        <PriceLines details={details} total={order.totalPrice} currency={currency} shippingLabel={order.shippingMethod ? `Shipping (${order.shippingMethod.mailService})` : null} totalClassName={styles.total} />
      </dl>
    </article>
  );
}
