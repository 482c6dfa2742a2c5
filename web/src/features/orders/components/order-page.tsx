import type { ReactNode } from 'react';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, InboxIcon, RefreshIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useOrder } from '../api/get-order';
import type { OrderDetail } from '../types';
import { OrderDetails } from './order-details';
import styles from './orders.module.css';

interface OrderPageProps {
  orderId: string;
  /** The signed-in reader's id, null for a guest; `settled` is false while the login state is unknown. */
  reader: string | null;
  settled: boolean;
  /** The page's heading; the order's number by default. */
  title?: (order: OrderDetail) => string;
  intro?: ReactNode;
  /** What follows the order (the success page's next steps). */
  after?: ReactNode;
}

/**
 * The shopper's order page: loads `GET /order/{id}` for whoever is signed in (a guest's order by
 * its id) and shows it, or a loading placeholder, or why it cannot: not found (an unknown order or
 * someone else's, which the service answers alike) or a failure with a retry.
 */
export function OrderPage({ orderId, reader, settled, title, intro, after }: OrderPageProps) {
  const order = useOrder(reader, orderId, settled);

  if (order.isError) {
    const notFound = order.error instanceof ApiError && order.error.isNotFound;
    return (
      <Page title={notFound ? 'Order not found' : 'Your order'} width="narrow">
        {notFound ? (
          <EmptyState
            icon={<InboxIcon />}
            title="We couldn’t find this order"
            actions={
              <>
                {reader ? <ButtonLink to={paths.account}>Your orders</ButtonLink> : <ButtonLink to={paths.account}>Log in to see your orders</ButtonLink>}
                <ButtonLink to={paths.supportCenter} variant="secondary">
                  Support Center
                </ButtonLink>
              </>
            }
          >
            <p>{reader ? 'It is not one of the orders of this account. Check the link, or find it in your orders.' : 'If you placed it while signed in, log in to see it. Your confirmation email has the order number.'}</p>
          </EmptyState>
        ) : (
          <EmptyState
            icon={<AlertIcon />}
            title="We couldn’t load this order"
            tone="error"
            actions={
              <Button onClick={() => void order.refetch()} disabled={order.isFetching}>
                <RefreshIcon size={18} />
                Try again
              </Button>
            }
          >
            <p>{order.error.message} Check your connection and try again.</p>
          </EmptyState>
        )}
      </Page>
    );
  }

  if (!order.data) {
    return (
      <Page title="Your order" width="wide">
        <div role="status" className={styles.loading}>
          <span className="visually-hidden">Loading your order…</span>
          <Skeleton className={styles.skeleton} />
          <Skeleton className={styles.skeletonTall} />
        </div>
      </Page>
    );
  }

  return (
    <Page title={title ? title(order.data) : `Order ${order.data.accountingId}`} eyebrow="Your order" intro={intro} width="wide">
      <OrderDetails order={order.data} showRead={reader !== null} showNumber={title !== undefined} />
      {after}
    </Page>
  );
}
