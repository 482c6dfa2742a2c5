import { Link } from 'react-router-dom';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { paths } from '@/config/paths';
import { formatDate, pluralize } from '@/lib/format';
import { digitalReadable, formatAmount } from '../order-rules';
import type { Order } from '../types';
import { OrderStatus } from './order-status';
import styles from './orders.module.css';

/**
 * One order in a list (the account's orders, a purchase's orders after checkout): its number, date,
 * status, what was bought and the total, and the way to its page.
 */
export function OrderCard({ order, headingLevel: Heading = 'h3', showRead = true }: { order: Order; headingLevel?: 'h2' | 'h3'; showRead?: boolean }) {
  const headingId = `order-${order.id}`;
  const units = order.orderItems.reduce((sum, item) => sum + item.quantity, 0);
  const readable = showRead && digitalReadable(order.status);
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHeader}>
        <Heading id={headingId} className={styles.cardTitle}>
          <Link to={paths.order(order.id)} className={styles.cardLink}>
            Order {order.accountingId}
          </Link>
        </Heading>
        <OrderStatus status={order.status} label={order.statusLabel} />
      </header>
      <p className={styles.meta}>
        Placed {formatDate(order.orderDate)} · {pluralize(units, 'item')} · {formatAmount(order.totalPrice, order.isoCurrency)}
        {order.scheduleDate && order.status === 'Scheduled' ? ` · unlocks on ${formatDate(order.scheduleDate)}` : ''}
      </p>
      <ul className={styles.names}>
        {order.orderItems.map((item) => (
          <li key={`${item.productId}-${item.variantId}`}>
            <span>
              {item.name} <span className={styles.muted}>({item.distributionType}{item.quantity > 1 ? ` × ${item.quantity}` : ''})</span>
            </span>
            {readable && item.distributionType === 'Digital' && (
              <Link className={styles.readSmall} to={paths.reader(item.productId)} aria-label={`Read now: ${item.name}`}>
                Read now
              </Link>
            )}
          </li>
        ))}
      </ul>
      <div className={styles.actions}>
        <ButtonLink to={paths.order(order.id)} variant="secondary" size="sm" aria-label={`View order ${order.accountingId}`}>
          View order
        </ButtonLink>
      </div>
    </article>
  );
}
