import { useController, type Control } from 'react-hook-form';
import { Button } from '@inkwell/ui-kit/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { PAYMENT_METHOD_LABELS } from '../checkout-rules';
import { PROVIDER_NOT_READY } from '../payment-flow';
import type { PaymentMethodName } from '../types';
import type { ProviderState } from '../use-payment-provider';
import type { CheckoutValues } from './checkout-values';
import { StripePaymentFields, type NonceSource } from './stripe-payment-fields';
import styles from './checkout.module.css';

/** Wallets go through the provider's page; Apple Pay only where the browser has it. */
function offeredMethods(): PaymentMethodName[] {
  const applePay = typeof window !== 'undefined' && 'ApplePaySession' in window;
  return applePay ? ['Card', 'PayPal', 'GooglePay', 'ApplePay'] : ['Card', 'PayPal', 'GooglePay'];
}

/** A free purchase asks for no payment. */
export function NoPaymentNeeded() {
  return (
    <section className={styles.fieldset} aria-labelledby="payment-free">
      <h3 id="payment-free" className={styles.legend}>
        Payment
      </h3>
      <p className={styles.muted}>This order is free: no payment is needed.</p>
    </section>
  );
}

/** The payment fields of the store's processor: Stripe's Payment Element, or the simulated processor's card and wallets. */
export function PaymentSection({ provider, control, amount, currency, nonceSource }: { provider: ProviderState; control: Control<CheckoutValues>; amount: number; currency: string; nonceSource: NonceSource }) {
  if (provider.status === 'ready') return <StripePaymentFields stripe={provider.stripe} amount={amount} currency={currency} nonceSource={nonceSource} />;
  if (provider.status === 'simulated') return <PaymentFields control={control} />;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Payment method</legend>
      {provider.status === 'failed' ? (
        <FormAlert tone="error" title="Payment is not available just now">
          <p>{PROVIDER_NOT_READY}</p>
          <Button variant="secondary" onClick={provider.retry}>
            Try again
          </Button>
        </FormAlert>
      ) : (
        <div role="status">
          <span className="visually-hidden">Loading the payment form…</span>
          <Skeleton className={styles.rateSkeleton} />
        </div>
      )}
    </fieldset>
  );
}

function PaymentFields({ control }: { control: Control<CheckoutValues> }) {
  const method = useController({ name: 'paymentMethod', control });
  const card = useController({ name: 'cardNumber', control });
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Payment method</legend>
      <div className={styles.methods}>
        {offeredMethods().map((name) => (
          <label key={name} className={styles.method}>
            <input type="radio" name={method.field.name} value={name} checked={method.field.value === name} onChange={() => method.field.onChange(name)} />
            {PAYMENT_METHOD_LABELS[name]}
          </label>
        ))}
      </div>
      {method.field.value === 'Card' ? (
        <TextField
          label="Card number"
          name={card.field.name}
          inputMode="numeric"
          autoComplete="cc-number"
          value={card.field.value}
          onChange={card.field.onChange}
          onBlur={card.field.onBlur}
          error={card.fieldState.error?.message}
          hint={<span>Test mode: 4242 4242 4242 4242 is paid, 4000 0000 0000 0002 is declined, 4000 0025 0000 3155 asks your bank to confirm.</span>}
        />
      ) : (
        <p className={styles.muted}>You will confirm the payment on {PAYMENT_METHOD_LABELS[method.field.value]}'s page, then come back here.</p>
      )}
    </fieldset>
  );
}
