import { useParams } from 'react-router-dom';
import { cardCartAction, productCartAction } from '@/features/cart/components/cart-action';
import { ProductPage } from '@/features/catalog/components/product-page';
import { LoginStatus, useAuth } from '@/lib/auth';

const CART_ACTIONS = { panel: productCartAction, card: cardCartAction };

export default function ProductRoute() {
  const { id = '' } = useParams();
  const { status, account } = useAuth();
  const viewer = { loggedIn: status === LoginStatus.LoggedIn, id: account?.userid ?? null };
  return <ProductPage key={id} idOrUrl={id} viewer={viewer} cartActions={CART_ACTIONS} />;
}
