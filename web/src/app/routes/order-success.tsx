import { useParams } from 'react-router-dom';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useOrder } from '@/features/checkout/api/get-order';
import { OrderCard } from '@/features/checkout/components/order-card';
import orderStyles from '@/features/checkout/components/orders.module.css';
import { LoginStatus, useAuth } from '@/lib/auth';

/** /orderSuccess/{paramId}: a signed-in reader's order right after checkout (storefront spec §2). */
export default function OrderSuccessRoute() {
  const { paramId = '' } = useParams();
  const { status, account } = useAuth();
  const settled = status === LoginStatus.LoggedIn || status === LoginStatus.LoggedOut;
  const order = useOrder(settled ? (account?.userid ?? null) : null, settled ? paramId : '');

  if (order.isError) {
    return (
      <Page title="Your order" width="narrow">
        <EmptyState
          icon={<AlertIcon />}
          title="We couldn't show this order"
          tone="error"
          actions={
            <>
              <ButtonLink to={paths.account}>Your orders</ButtonLink>
              <ButtonLink to={paths.supportCenter} variant="secondary">
                Support Center
              </ButtonLink>
            </>
          }
        >
          <p>{order.error.message} Your confirmation email has the details; signed-in readers find their orders in their account.</p>
        </EmptyState>
      </Page>
    );
  }

  if (!order.data) {
    return (
      <Page title="Thank you for your order" width="narrow">
        <div role="status" className={orderStyles.list}>
          <span className="visually-hidden">Loading your order…</span>
          <Skeleton className={orderStyles.skeleton} />
        </div>
      </Page>
    );
  }

  return (
    <Page title="Thank you for your order" width="narrow" intro={<p>We've emailed your receipt. Digital comics are in My Comics as soon as the order is complete.</p>}>
      <OrderCard order={order.data} headingLevel="h2" />
      <div className={orderStyles.actions} style={{ marginTop: '1.5rem' }}>
        <ButtonLink to={paths.library}>Go to My Comics</ButtonLink>
        <ButtonLink to={paths.browse} variant="secondary">
          Keep browsing
        </ButtonLink>
      </div>
    </Page>
  );
}
