import { lazy, Suspense, useEffect, useId, useLayoutEffect, useRef, useState, type ComponentType, type FormEvent, type ReactNode } from 'react';
import { emailProblem, isValidEmail, normalizeEmail } from '@inkwell/contracts/account-rules';
import { MISSING_FIELD_MESSAGES } from '@inkwell/contracts/order-rules';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { CartIcon, CloseIcon, RefreshIcon } from '@inkwell/ui-kit/icons';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { paths } from '@/config/paths';
import { useFocusTrap } from '@/hooks/use-focus-trap';
import { sendAnalyticsEvent } from '@/lib/analytics';
import { LoginStatus, useAuth } from '@/lib/auth';
import { useShippingCountries } from '../api/get-shipping-countries';
import { readCheckoutDraft } from '../checkout-draft';
import type { Purchase } from '../types';
import type { CheckoutLine } from './checkout-values';
import { PaymentReturn } from './payment-return';
import styles from './checkout.module.css';

// The form and its forms library load while the login status and the cart are worked out, so the
// main screen under the overlay is not held up by them.
const CheckoutForm = lazy(() => import('./checkout-form').then((module) => ({ default: module.CheckoutForm })));

export interface CheckoutCart {
  cartId: string | null;
  lines: CheckoutLine[] | undefined;
  /** Identifies the cart's contents. */
  version: string;
  status: 'loading' | 'error' | 'ready';
  /** The cart is held by a purchase being paid (in this tab or another). */
  locked: boolean;
  retry: () => void;
}

/** The log-in and sign-up choice beside the guest one; `email` is what the shopper typed as a guest, if valid. */
export interface CheckoutLoginProps {
  email: string;
}

interface CheckoutOverlayProps {
  cart: CheckoutCart;
  /** Log in or create an account, in place (the auth feature's, handed in by the app). */
  LoginPanel: ComponentType<CheckoutLoginProps>;
  /** The provider sent the browser back here with this payment (spec §2: wallet and 3-D Secure redirects). */
  returnedPayment: { paymentId: string; redirectStatus: string | null } | null;
  onPaid: (purchase: Purchase) => void;
  onClose: () => void;
  /** Leaves the provider's answer behind, back to the plain checkout. */
  onPaymentReturnDone: () => void;
}

/**
 * /checkout's overlay over the main screen (storefront spec §2): a modal dialog that keeps focus
 * inside and closes on Escape or its close button. An anonymous visitor first chooses, side by side,
 * between going on as a guest with an email and logging in or signing up ('Log in or Sign up to
 * continue'), in the overlay itself; then come the addresses, rates, coupon, payment and Pay.
 */
export function CheckoutOverlay({ cart, LoginPanel, returnedPayment, onPaid, onClose, onPaymentReturnDone }: CheckoutOverlayProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const { status, account } = useAuth();
  const [guestEmail, setGuestEmail] = useState<string | null>(() => readCheckoutDraft()?.guestEmail ?? null);
  const countries = useShippingCountries();
  useEffect(() => {
    void import('./checkout-form');
  }, []);
  // Storefront spec §7: begin_checkout when checkout opens (not when a payment redirect comes back).
  const checkoutStarted = useRef(false);
  useEffect(() => {
    if (returnedPayment || checkoutStarted.current) return;
    checkoutStarted.current = true;
    void sendAnalyticsEvent('sendEvent', 'begin_checkout');
  }, [returnedPayment]);

  useLayoutEffect(() => {
    const element = dialog.current;
    const root = document.documentElement;
    const overflow = root.style.overflow;
    root.style.overflow = 'hidden';
    if (element && !element.open) element.showModal();
    return () => {
      element?.close();
      root.style.overflow = overflow;
    };
  }, []);

  // Tab and Shift+Tab stay inside while focus is here; the login overlay opened above this one keeps its own.
  const [ownsFocus, setOwnsFocus] = useState(true);
  useEffect(() => {
    const onFocusIn = (event: FocusEvent) => setOwnsFocus(event.target instanceof Node && (dialog.current?.contains(event.target) ?? false));
    document.addEventListener('focusin', onFocusIn);
    return () => document.removeEventListener('focusin', onFocusIn);
  }, []);
  useFocusTrap(dialog, ownsFocus);

  let body: ReactNode;
  if (returnedPayment) {
    body = <PaymentReturn paymentId={returnedPayment.paymentId} redirectStatus={returnedPayment.redirectStatus} onPaid={onPaid} onDone={onPaymentReturnDone} />;
  } else if (status === LoginStatus.Unknown || status === LoginStatus.LoggingIn) {
    body = <Loading label="Checking your login…" />;
  } else if (status === LoginStatus.LoggedOut && !guestEmail) {
    body = <CheckoutEntry onGuest={setGuestEmail} LoginPanel={LoginPanel} />;
  } else if (cart.status === 'error' || countries.isError) {
    body = (
      <div className={styles.state}>
        <FormAlert tone="error">
          <p>We couldn't load your cart and the countries we ship to. Please try again.</p>
        </FormAlert>
        <Button
          variant="secondary"
          onClick={() => {
            cart.retry();
            void countries.refetch();
          }}
        >
          <RefreshIcon size={16} />
          Try again
        </Button>
      </div>
    );
  } else if (cart.status === 'loading' || !countries.data || !cart.cartId || !cart.lines) {
    body = <Loading label="Loading your cart…" />;
  } else if (cart.lines.length === 0) {
    body = (
      <EmptyState
        icon={<CartIcon />}
        title="No items in cart"
        headingLevel="h3"
        actions={
          <ButtonLink to={paths.browse} onClick={onClose}>
            Browse comics
          </ButtonLink>
        }
      >
        <p>Add print or digital comics to your cart and check out here.</p>
      </EmptyState>
    );
  } else {
    const email = account?.email ?? guestEmail ?? '';
    body = (
      <>
        {cart.locked && (
          <FormAlert tone="info" title="A payment is under way">
            <p>This cart is being paid for. If you left a payment page open, finish or close it; otherwise wait a moment.</p>
          </FormAlert>
        )}
        {status === LoginStatus.LoggedOut && guestEmail && (
          <p className={styles.guestNote}>
            Checking out as a guest: <strong>{guestEmail}</strong>.{' '}
            <button type="button" className={styles.textButton} onClick={() => setGuestEmail(null)}>
              Change
            </button>
          </p>
        )}
        <Suspense fallback={<Loading label="Loading checkout…" />}>
          <CheckoutForm
            key={cart.cartId}
            cartId={cart.cartId}
            cartVersion={cart.version}
            lines={cart.lines}
            countries={countries.data}
            email={email}
            guestEmail={status === LoginStatus.LoggedIn ? null : guestEmail}
            onPaid={onPaid}
          />
        </Suspense>
      </>
    );
  }

  return (
    <dialog
      ref={dialog}
      className={styles.dialog}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <div className={styles.header}>
        <h2 id={titleId} className={styles.title}>
          Checkout
        </h2>
        <button type="button" className={styles.close} aria-label="Close checkout" onClick={onClose}>
          <CloseIcon size={20} />
        </button>
      </div>
      <div className={styles.body}>{body}</div>
    </dialog>
  );
}

function Loading({ label }: { label: string }) {
  return (
    <div role="status" className={styles.loading}>
      <span className="visually-hidden">{label}</span>
      <Skeleton className={styles.loadingBlock} />
      <Skeleton className={styles.loadingLine} />
      <Skeleton className={styles.loadingLine} />
    </div>
  );
}

/**
 * An anonymous visitor's first step (storefront spec §2 and §6: checkout asks to log in first; issue
 * 26: as a Shopify store does, every choice at once, with no window on top): go on as a guest with
 * an email for the receipt, or log in or create a Reader account right here (the app's `LoginPanel`).
 */
function CheckoutEntry({ onGuest, LoginPanel }: { onGuest: (email: string) => void; LoginPanel: ComponentType<CheckoutLoginProps> }) {
  const [email, setEmail] = useState('');
  const [submitted, setSubmitted] = useState(false);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setSubmitted(true);
    if (isValidEmail(email)) onGuest(normalizeEmail(email));
  };
  const problem = emailProblem(email) ?? (submitted && normalizeEmail(email) === '' ? MISSING_FIELD_MESSAGES.email : undefined);
  return (
    <div className={styles.guest}>
      <form className={styles.guestChoice} onSubmit={submit} noValidate aria-labelledby="checkout-guest">
        <h3 id="checkout-guest" className={styles.legend}>
          Continue as guest
        </h3>
        <p className={styles.muted}>We send your receipt to this email. Sign up with it later and your purchases join your account.</p>
        <TextField label="Email" type="email" name="email" autoComplete="email" inputMode="email" autoCapitalize="off" spellCheck={false} value={email} onChange={(event) => setEmail(event.target.value)} error={problem} />
        <Button type="submit" size="lg">
          Continue as guest
        </Button>
      </form>
      <div className={styles.guestChoice}>
        <LoginPanel email={isValidEmail(email) ? normalizeEmail(email) : ''} />
      </div>
    </div>
  );
}
