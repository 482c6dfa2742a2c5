import { useCallback, useMemo, useState } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { paths } from '@/config/paths';
import { CheckoutLogin } from '@/features/auth/components/checkout-login';
import { cartLines } from '@/features/cart/cart-rules';
import { useShopperCart } from '@/features/cart/use-shopper-cart';
import { clearCheckoutDraft } from '@/features/checkout/checkout-draft';
import { checkoutOrigin, forgetCheckoutOrigin, hrefOf } from '@/lib/checkout-origin';
import { successTarget } from '@/features/checkout/checkout-rules';
import { CheckoutOverlay, type CheckoutCart } from '@/features/checkout/components/checkout-overlay';
import { OriginPage } from '@/features/checkout/components/origin-page';
import type { Purchase } from '@/features/checkout/types';
import HomeRoute from './home';

/** Checkout was opened by a link of this visit (useOpenCheckout), not reached by a redirect or typed. */
function openedHere(state: unknown): boolean {
  return typeof state === 'object' && state !== null && (state as { openedHere?: unknown }).openedHere === true;
}

/**
 * Storefront spec §2: /checkout shows the main screen with the checkout overlay. The main screen is
 * the page the shopper opened checkout from (issue 26), the home page when checkout was opened
 * directly; closing checkout goes back there.
 */
export default function CheckoutRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const [origin] = useState(() => checkoutOrigin(location.state));
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
      forgetCheckoutOrigin();
      void queryClient.invalidateQueries();
      const target = successTarget(purchase);
      navigate(target.kind === 'order' ? paths.orderSuccess(target.orderId) : paths.guestCheckoutSuccess(target.purchaseId), { replace: true });
    },
    [navigate, queryClient],
  );

  return (
    <>
      {origin ? <OriginPage origin={origin} fallback={<HomeRoute />} /> : <HomeRoute />}
      <CheckoutOverlay
        cart={checkoutCart}
        LoginPanel={CheckoutLogin}
        returnedPayment={returnedPayment}
        onPaid={onPaid}
        onClose={() => {
          forgetCheckoutOrigin();
          // Opened from a page of this visit: back to it, so the browser's Back does not reopen checkout.
          if (origin && openedHere(location.state)) navigate(-1);
          else navigate(origin ? hrefOf(origin) : paths.home, { replace: true });
        }}
        onPaymentReturnDone={() => navigate(paths.checkout, { replace: true, state: origin ? { checkoutOrigin: origin } : null })}
      />
    </>
  );
}
