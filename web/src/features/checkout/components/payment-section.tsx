import { useEffect, type MutableRefObject } from 'react';
import { useController, type Control } from 'react-hook-form';
import { Button } from '@inkwell/ui-kit/button';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { cardBrand, cardNameProblem, cardNumberFieldProblem, cvcProblem, expiryProblem, formatCardNumber, formatExpiry } from '../card-rules';
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
export function PaymentSection({
  provider,
  control,
  amount,
  currency,
  nonceSource,
  cardFieldsShown,
}: {
  provider: ProviderState;
  control: Control<CheckoutValues>;
  amount: number;
  currency: string;
  nonceSource: NonceSource;
  /** Set while the simulated card form is on screen, so its fields are checked only then. */
  cardFieldsShown: MutableRefObject<boolean>;
}) {
  if (provider.status === 'ready') return <StripePaymentFields stripe={provider.stripe} amount={amount} currency={currency} nonceSource={nonceSource} />;
  if (provider.status === 'simulated') return <PaymentFields control={control} testCards={provider.config.testCards} cardFieldsShown={cardFieldsShown} />;
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

function PaymentFields({ control, testCards, cardFieldsShown }: { control: Control<CheckoutValues>; testCards: boolean; cardFieldsShown: MutableRefObject<boolean> }) {
  const method = useController({ name: 'paymentMethod', control });
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
        <CardFields control={control} testCards={testCards} shown={cardFieldsShown} />
      ) : (
        <p className={styles.muted}>You will confirm the payment on {PAYMENT_METHOD_LABELS[method.field.value]}'s page, then come back here.</p>
      )}
    </fieldset>
  );
}

/** A field's problem for react-hook-form, only while the card form is on screen (not for a wallet, a free order or Stripe's own form). */
function whileShown(shown: MutableRefObject<boolean>, problem: (value: string, values: CheckoutValues) => string | undefined) {
  return (value: string, values: CheckoutValues) => (shown.current && values.paymentMethod === 'Card' ? (problem(value, values) ?? true) : true);
}

/**
 * The simulated processor's card form (issue 26): number grouped as typed with its brand, expiry
 * MM/YY, security code of the brand's length, name on the card; each field's problem beside it
 * (checked when the field is left and on Pay). The test cards are listed only when the server says
 * the store runs the simulated processor outside production.
 */
function CardFields({ control, testCards, shown }: { control: Control<CheckoutValues>; testCards: boolean; shown: MutableRefObject<boolean> }) {
  useEffect(() => {
    shown.current = true;
    return () => {
      shown.current = false;
    };
  }, [shown]);
  const number = useController({ name: 'cardNumber', control, rules: { validate: whileShown(shown, (value) => cardNumberFieldProblem(value)) } });
  const expiry = useController({ name: 'cardExpiry', control, rules: { validate: whileShown(shown, (value) => expiryProblem(value)) } });
  const cvc = useController({ name: 'cardCvc', control, rules: { validate: whileShown(shown, (value, values) => cvcProblem(value, values.cardNumber)) } });
  const name = useController({ name: 'cardName', control, rules: { validate: whileShown(shown, (value) => cardNameProblem(value)) } });
  const brand = cardBrand(number.field.value);
  const cvcLength = brand?.cvcLength ?? 3;
  return (
    <div className={styles.card}>
      <TextField
        label="Card number"
        name={number.field.name}
        inputMode="numeric"
        autoComplete="cc-number"
        autoCorrect="off"
        spellCheck={false}
        placeholder="1234 1234 1234 1234"
        className={styles.cardNumber}
        value={number.field.value}
        onChange={(event) => number.field.onChange(formatCardNumber(event.target.value))}
        onBlur={number.field.onBlur}
        error={number.fieldState.error?.message}
        hint={brand ? <span className={styles.brand}>{brand.name}</span> : 'The long number on the front of your card.'}
      />
      <div className={styles.cardRow}>
        <TextField
          label="Expiry (MM/YY)"
          name={expiry.field.name}
          inputMode="numeric"
          autoComplete="cc-exp"
          placeholder="MM/YY"
          maxLength={5}
          value={expiry.field.value}
          onChange={(event) => expiry.field.onChange(formatExpiry(event.target.value, expiry.field.value))}
          onBlur={expiry.field.onBlur}
          error={expiry.fieldState.error?.message}
        />
        <TextField
          label="Security code"
          name={cvc.field.name}
          inputMode="numeric"
          autoComplete="cc-csc"
          placeholder={'1234'.slice(0, cvcLength)}
          maxLength={cvcLength}
          value={cvc.field.value}
          onChange={(event) => cvc.field.onChange(event.target.value.replace(/\D/g, '').slice(0, cvcLength))}
          onBlur={cvc.field.onBlur}
          error={cvc.fieldState.error?.message}
          hint={`${brand?.cvcName ?? 'CVC'}: ${cvcLength} digits on the ${cvcLength === 4 ? 'front' : 'back'}`}
        />
      </div>
      <TextField
        label="Name on card"
        name={name.field.name}
        autoComplete="cc-name"
        autoCapitalize="words"
        spellCheck={false}
        value={name.field.value}
        onChange={name.field.onChange}
        onBlur={name.field.onBlur}
        error={name.fieldState.error?.message}
      />
      {testCards && (
        <div className={styles.testCards} role="note" aria-label="Test cards">
          <p className={styles.testCardsTitle}>Test mode: no real card is charged</p>
          <p>
            <span className={styles.mono}>4242 4242 4242 4242</span> is paid, <span className={styles.mono}>4000 0000 0000 0002</span> is declined, <span className={styles.mono}>4000 0025 0000 3155</span> asks your bank to confirm. Any future expiry, any
            security code.
          </p>
        </div>
      )}
    </div>
  );
}
