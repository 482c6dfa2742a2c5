import { useState } from 'react';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { RefreshIcon } from '@inkwell/ui-kit/icons';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { ORDERS_PAGE_SIZE, useOrders } from '../api/get-orders';
import { OrderCard } from './order-card';
import styles from './orders.module.css';

/** The account page's orders (`GET /order/`), newest first, a page at a time, with spec §4's status labels, each linking to its page. */
export function OrderHistory({ reader }: { reader: string }) {
  const [page, setPage] = useState(1);
  const orders = useOrders(reader, page);

  if (orders.isPending) {
    return (
      <div role="status" className={styles.list}>
        <span className="visually-hidden">Loading your orders…</span>
        <Skeleton className={styles.skeleton} />
        <Skeleton className={styles.skeleton} />
      </div>
    );
  }
  if (orders.isError) {
    return (
      <div className={styles.list}>
        <FormAlert tone="error">
          <p>We couldn't load your orders. {orders.error.message}</p>
        </FormAlert>
        <Button variant="secondary" size="sm" onClick={() => void orders.refetch()} disabled={orders.isFetching}>
          <RefreshIcon size={16} />
          Try again
        </Button>
      </div>
    );
  }
  const { Orders, Count } = orders.data;
  if (Count === 0) {
    return (
      <div className={styles.list}>
        <p className={styles.meta}>No orders yet. What you buy shows here, with its status.</p>
        <ButtonLink to={paths.browse} variant="secondary" size="sm">
          Browse comics
        </ButtonLink>
      </div>
    );
  }
  const pages = Math.max(1, Math.ceil(Count / ORDERS_PAGE_SIZE));
  return (
    <div className={styles.list} aria-busy={orders.isPlaceholderData || undefined}>
      {Orders.map((order) => (
        <OrderCard key={order.id} order={order} />
      ))}
      {pages > 1 && (
        <nav className={styles.pager} aria-label="Order pages">
          <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
            Newer orders
          </Button>
          <span>
            Page {page} of {pages}
          </span>
          <Button variant="secondary" size="sm" disabled={page >= pages} onClick={() => setPage(page + 1)}>
            Older orders
          </Button>
        </nav>
      )}
    </div>
  );
}
