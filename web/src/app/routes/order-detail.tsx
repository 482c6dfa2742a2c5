import { useParams } from 'react-router-dom';
import { OrderPage } from '@/features/orders/components/order-page';
import { LoginStatus, useAuth } from '@/lib/auth';

/** /account/orders/{id}: the shopper's order page (its buyer's; a guest's by the id the guest success page links with). */
export default function OrderDetailRoute() {
  const { id = '' } = useParams();
  const { status, account } = useAuth();
  const settled = status === LoginStatus.LoggedIn || status === LoginStatus.LoggedOut;
  return <OrderPage key={id} orderId={id} reader={status === LoginStatus.LoggedIn ? (account?.userid ?? null) : null} settled={settled} />;
}
