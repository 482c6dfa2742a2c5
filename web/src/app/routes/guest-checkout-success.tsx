import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { CartIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { getPurchase } from '@/features/checkout/api/get-purchase';
import { OrderCard } from '@/features/orders/components/order-card';
import orderStyles from '@/features/orders/components/orders.module.css';
import { LoginStatus, useAuth } from '@/lib/auth';

/** /checkout/success/guest: after a guest purchase or a purchase split into several orders (storefront spec §2). */
export default function GuestCheckoutSuccessRoute() {
  const [search] = useSearchParams();
  const purchaseId = search.get('purchase');
  const { status } = useAuth();
  const signedIn = status === LoginStatus.LoggedIn;
  const purchase = useQuery({
    queryKey: ['checkout', 'purchase', purchaseId] as const,
    queryFn: ({ signal }) => getPurchase(purchaseId ?? '', { signal }),
    enabled: purchaseId !== null && status !== LoginStatus.Unknown && status !== LoginStatus.LoggingIn,
  });
  const orders = purchase.data?.orders ?? [];

  return (
    <Page
      title="Thank you for your purchase"
      width="narrow"
      intro={
        <p>
          Your receipt and order details go to {purchase.data?.email ? <strong>{purchase.data.email}</strong> : 'your email'}.
          {orders.length > 1 ? ' Your purchase is in several orders: pre-orders are sent and unlocked on their release day.' : ''}
        </p>
      }
    >
      {purchase.isPending && purchaseId !== null && (
        <div role="status" className={orderStyles.list}>
          <span className="visually-hidden">Loading your orders…</span>
          <Skeleton className={orderStyles.skeleton} />
        </div>
      )}
      {orders.length > 0 && (
        <div className={orderStyles.list}>
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} headingLevel="h2" showRead={signedIn} />
          ))}
        </div>
      )}
      <div style={{ marginTop: '1.5rem' }}>
        {signedIn ? (
          <div className={orderStyles.actions}>
            <ButtonLink to={paths.library}>Go to My Comics</ButtonLink>
            <ButtonLink to={paths.account} variant="secondary">
              Your orders
            </ButtonLink>
          </div>
        ) : (
          <EmptyState
            icon={<CartIcon />}
            title="Keep everything in one place"
            actions={
              <>
                <ButtonLink to={paths.accountBenefits}>Create a free Reader account</ButtonLink>
                <ButtonLink to={paths.browse} variant="secondary">
                  Keep browsing
                </ButtonLink>
              </>
            }
          >
            <p>Sign up with the email you used, and this purchase joins your account: digital comics in My Comics, orders in your account.</p>
          </EmptyState>
        )}
      </div>
    </Page>
  );
}
