import { useParams } from 'react-router-dom';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { paths } from '@/config/paths';
import { OrderPage } from '@/features/orders/components/order-page';
import orderStyles from '@/features/orders/components/orders.module.css';
import { LoginStatus, useAuth } from '@/lib/auth';

/** /orderSuccess/{paramId}: a signed-in reader's order right after checkout (storefront spec §2), shown in full. */
export default function OrderSuccessRoute() {
  const { paramId = '' } = useParams();
  const { status, account } = useAuth();
  const settled = status === LoginStatus.LoggedIn || status === LoginStatus.LoggedOut;
  return (
    <OrderPage
      orderId={paramId}
      reader={status === LoginStatus.LoggedIn ? (account?.userid ?? null) : null}
      settled={settled}
      title={() => 'Thank you for your order'}
      intro={<p>We've emailed your receipt. Digital comics are in My Comics as soon as the order is complete; this order stays in your account's orders.</p>}
      after={
        <div className={orderStyles.nextSteps}>
          <ButtonLink to={paths.library}>Go to My Comics</ButtonLink>
          <ButtonLink to={paths.order(paramId)} variant="secondary">
            Order page
          </ButtonLink>
          <ButtonLink to={paths.browse} variant="secondary">
            Keep browsing
          </ButtonLink>
        </div>
      }
    />
  );
}
