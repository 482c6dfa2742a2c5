import { useCallback, useMemo } from 'react';
import { useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { cartLines } from '@/features/cart/cart-rules';
import { useShopperCart } from '@/features/cart/use-shopper-cart';
import { clearCheckoutDraft } from '@/features/checkout/checkout-draft';
import { successTarget } from '@/features/checkout/checkout-rules';
import { CheckoutOverlay, type CheckoutCart } from '@/features/checkout/components/checkout-overlay';
import type { Purchase } from '@/features/checkout/types';
import HomeRoute from './home';

/** Storefront spec §2: /checkout shows the main screen with the checkout overlay. */
export default function CheckoutRoute() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [search] = useSearchParams();
  const { identity, cart } = useShopperCart();

  const checkoutCart = useMemo<CheckoutCart>(() => {
    const lines = cart.data
      ? cartLines(cart.data.cartItems).map((line) => ({ key: line.key, name: line.unit.product.name, distributionType: line.unit.distributionType, quantity: line.quantity, price: line.price, currency: line.currency }))
      : undefined;
    return {
      cartId: identity?.cartId ?? null,
      lines,
      version: cart.data ? `${cart.data.cartItems.map((unit) => `${unit.productId}:${unit.variant.id}`).join(',')}|${cart.data.total.amount}` : '',
      status: cart.isError && !cart.data ? 'error' : cart.data ? 'ready' : 'loading',
      locked: cart.data?.status === 'Purchasing',
      retry: () => void cart.refetch(),
    };
  }, [identity, cart]);

  const paymentId = search.get('payment_intent');
  const returnedPayment = useMemo(() => (paymentId ? { paymentId, redirectStatus: search.get('redirect_status') } : null), [paymentId, search]);

  const onPaid = useCallback(
    (purchase: Purchase) => {
      // The cart is closed (a new cart id follows), the library and the orders have changed.
      clearCheckoutDraft();
      void queryClient.invalidateQueries();
      const target = successTarget(purchase);
      navigate(target.kind === 'order' ? paths.orderSuccess(target.orderId) : paths.guestCheckoutSuccess(target.purchaseId), { replace: true });
    },
    [navigate, queryClient],
  );

  return (
    <>
      <HomeRoute />
      <CheckoutOverlay
        cart={checkoutCart}
        returnedPayment={returnedPayment}
        onPaid={onPaid}
        onClose={() => navigate(paths.home)}
        onPaymentReturnDone={() => navigate(paths.checkout, { replace: true })}
      />
    </>
  );
}
