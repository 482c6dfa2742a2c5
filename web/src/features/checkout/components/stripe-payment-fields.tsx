import { useEffect, useState, type MutableRefObject } from 'react';
import { Elements, PaymentElement, useElements, useStripe } from '@stripe/react-stripe-js';
import type { PaymentMethod, Stripe, StripeElementsOptionsMode } from '@stripe/stripe-js';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { PaymentFlow, PURCHASE_FAILED, type PaymentProblem } from '../checkout-rules';
import type { PaymentMethodName } from '../types';
import styles from './checkout.module.css';

/** The Payment Element's answer at Pay: the PaymentMethod id sent as the purchase's StripeNonce, or why not. */
export type NonceResult = { nonce: string; method: PaymentMethodName } | { problem: PaymentProblem };
export type NonceSource = MutableRefObject<(() => Promise<NonceResult>) | null>;

const internalError = (message: string = PURCHASE_FAILED): NonceResult => ({ problem: { state: PaymentFlow.InternalError, message, retrySameKey: false, requote: false } });

/** A PaymentMethod as the order service's payment method (spec §4): wallets are cards with a wallet. */
export function methodOfPaymentMethod(paymentMethod: Pick<PaymentMethod, 'type' | 'card'>): PaymentMethodName {
  if (paymentMethod.type === 'paypal') return 'PayPal';
  const wallet = paymentMethod.card?.wallet?.type;
  if (wallet === 'google_pay') return 'GooglePay';
  if (wallet === 'apple_pay') return 'ApplePay';
  return 'Card';
}

interface StripePaymentFieldsProps {
  stripe: Stripe;
  /** What the Payment Element shows and offers methods for: the amount due, minor units. */
  amount: number;
  currency: string;
  nonceSource: NonceSource;
}

/**
 * Card and wallets through Stripe's Payment Element (Apple Pay, Google Pay and PayPal where the
 * account and the browser offer them). At Pay the element's details become a PaymentMethod, created
 * here and confirmed by the order service with the purchase's idempotency key; a redirect next
 * action (3-D Secure, PayPal) comes back as the simulated processor's does.
 */
export function StripePaymentFields({ stripe, amount, currency, nonceSource }: StripePaymentFieldsProps) {
  const options: StripeElementsOptionsMode = {
    mode: 'payment',
    // The element needs an amount above zero; a free order never shows it.
    amount: Math.max(1, Math.round(amount)),
    currency: currency.toLowerCase(),
    paymentMethodCreation: 'manual',
    appearance: { theme: 'stripe', variables: { borderRadius: '8px' } },
  };
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Payment method</legend>
      <Elements stripe={stripe} options={options}>
        <PaymentElementWithNonce nonceSource={nonceSource} />
      </Elements>
    </fieldset>
  );
}

function PaymentElementWithNonce({ nonceSource }: { nonceSource: NonceSource }) {
  const stripe = useStripe();
  const elements = useElements();
  const [ready, setReady] = useState(false);
  const [loadError, setLoadError] = useState<string | null>(null);

  useEffect(() => {
    nonceSource.current = async () => {
      // Spec §8: a missing provider object, element or payment method is an internal error.
      if (!stripe || !elements || !ready) return internalError();
      const submitted = await elements.submit();
      if (submitted.error) return { problem: { state: PaymentFlow.CardError, message: submitted.error.message ?? PURCHASE_FAILED, retrySameKey: false, requote: false } };
      const { error, paymentMethod } = await stripe.createPaymentMethod({ elements });
      if (error) {
        const state = error.type === 'card_error' || error.type === 'validation_error' ? PaymentFlow.CardError : PaymentFlow.ApiError;
        return { problem: { state, message: error.message ?? PURCHASE_FAILED, retrySameKey: false, requote: false } };
      }
      if (!paymentMethod) return internalError();
      return { nonce: paymentMethod.id, method: methodOfPaymentMethod(paymentMethod) };
    };
    return () => {
      nonceSource.current = null;
    };
  }, [stripe, elements, ready, nonceSource]);

  return (
    <>
      {!ready && !loadError && (
        <div role="status">
          <span className="visually-hidden">Loading the payment form…</span>
          <Skeleton className={styles.rateSkeleton} />
        </div>
      )}
      {loadError && <FormAlert tone="error">{loadError}</FormAlert>}
      <PaymentElement
        options={{ layout: 'tabs' }}
        onReady={() => setReady(true)}
        onLoadError={(event) => setLoadError(event.error.message ?? 'The payment form could not be loaded. Reload the page to try again.')}
      />
    </>
  );
}
