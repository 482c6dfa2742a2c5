import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { LockIcon } from '@inkwell/ui-kit/icons';
import { FormAlert } from '@/components/ui/form-alert';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatMoney } from '@/lib/format';
import { readCheckoutDraft, saveCheckoutDraft } from '../checkout-draft';
import { EMPTY_ADDRESS, fieldOfProblem, isAddressComplete, PaymentFlow, ratesKey, taxKey, toAddressInput, type AddressForm } from '../checkout-rules';
import { canPay, isBusy } from '../payment-flow';
import type { Purchase, PurchaseRequest, ShippingCountry } from '../types';
import { usePayment } from '../use-payment';
import { usePaymentProvider } from '../use-payment-provider';
import { usePurchaseQuote } from '../use-purchase-quote';
import { AddressAdvice } from './address-advice';
import { AddressFieldset, statesOf } from './address-fieldset';
import type { CheckoutLine, CheckoutValues } from './checkout-values';
import { CouponField } from './coupon-field';
import { OrderLines, PaymentStatus, Totals } from './order-summary';
import { NoPaymentNeeded, PaymentSection } from './payment-section';
import { ShippingRates } from './shipping-rates';
import type { NonceResult, NonceSource } from './stripe-payment-fields';
import styles from './checkout.module.css';

interface CheckoutFormProps {
  cartId: string;
  /** Identifies the cart's contents: a change (in another tab) prices the purchase again. */
  cartVersion: string;
  lines: CheckoutLine[];
  countries: ShippingCountry[];
  /** The signed-in reader's email, or the guest's. */
  email: string;
  /** A guest's email (sent as the purchase's email); null when signed in. */
  guestEmail: string | null;
  onPaid: (purchase: Purchase) => void;
}

/**
 * The checkout's addresses, shipping rate, coupon, payment method and Pay (storefront spec §2
 * /checkout, §4 payment flow, §5 address rules and rate recalculation). The purchase is priced by
 * the order service as soon as the addresses are complete and again only when what it depends on
 * changes; Pay pays the purchase as last priced, first pricing it again if any field changed since.
 */
export function CheckoutForm({ cartId, cartVersion, lines, countries, email, guestEmail, onPaid }: CheckoutFormProps) {
  const needsShipping = lines.some((line) => line.distributionType === 'Print');
  // Back from the provider's page after a payment that did not go through: the form as it was.
  const [draft] = useState(readCheckoutDraft);
  const { control, handleSubmit, setError, clearErrors, setValue } = useForm<CheckoutValues>({
    mode: 'onTouched',
    defaultValues: {
      billing: draft?.billing ?? { ...EMPTY_ADDRESS, email },
      shipping: draft?.shipping ?? { ...EMPTY_ADDRESS, email },
      needsShipping,
      sameAsBilling: draft?.sameAsBilling ?? true,
      paymentMethod: draft?.paymentMethod ?? 'Card',
      cardNumber: '',
      cardExpiry: '',
      cardCvc: '',
      cardName: '',
    },
  });
  const values = useWatch({ control }) as CheckoutValues;
  const [coupon, setCoupon] = useState<string | null>(draft?.couponCode ?? null);
  const [shippingMethod, setShippingMethod] = useState<string | null>(draft?.shippingMethod ?? null);
  // The payment provider (spec §4: the checkout overlay is active, so it loads now).
  const provider = usePaymentProvider(true);
  const nonceSource: NonceSource = useRef<(() => Promise<NonceResult>) | null>(null);
  const cardFieldsShown = useRef(false);
  const formRef = useRef<HTMLFormElement>(null);
  /** Puts the cursor in the card field a problem is about (the fields take no refs). */
  const focusField = (name: string | undefined) => {
    if (name) formRef.current?.querySelector<HTMLInputElement>(`input[name="${name}"]`)?.focus();
  };

  const hasStates = (address: AddressForm) => statesOf(countries, address.country).length > 0;
  const shippingAddress = needsShipping ? (values.sameAsBilling ? values.billing : values.shipping) : null;
  const ready = isAddressComplete(values.billing, hasStates(values.billing)) && (!shippingAddress || isAddressComplete(shippingAddress, hasStates(shippingAddress)));

  const requestFor = (current: CheckoutValues, couponCode: string | null, method: string | null): PurchaseRequest => {
    const shipping = needsShipping ? (current.sameAsBilling ? current.billing : current.shipping) : null;
    return {
      cartId,
      ...(guestEmail ? { email: guestEmail } : {}),
      billingAddress: toAddressInput(current.billing, 'Billing'),
      shippingAddress: shipping ? toAddressInput(shipping, 'Shipping') : null,
      couponCode,
      paymentMethod: current.paymentMethod,
      shippingMethod: method,
    };
  };
  const keyFor = (couponCode: string | null, method: string | null) =>
    JSON.stringify({
      billing: [ratesKey(values.billing, hasStates(values.billing)), taxKey(values.billing)],
      shipping: shippingAddress && [ratesKey(shippingAddress, hasStates(shippingAddress)), taxKey(shippingAddress)],
      couponCode,
      method,
      cartVersion,
    });
  const key = ready ? keyFor(coupon, shippingMethod) : null;
  const body = ready ? requestFor(values, coupon, shippingMethod) : null;
  const { quote, problem: quoteProblem, pending: quoting, refresh } = usePurchaseQuote(key, body);
  const purchase = quote?.purchase ?? null;

  // A problem the service found with one field goes to that field (of the address whose value it names).
  const quoteMessage = quoteProblem instanceof ApiError ? quoteProblem.message : quoteProblem ? 'We could not price your order. Please try again.' : null;
  const quoteField = quoteMessage ? fieldOfProblem(quoteMessage) : undefined;
  useEffect(() => {
    if (!quoteMessage || !quoteField) return;
    const inShipping = needsShipping && !values.sameAsBilling && quoteMessage.includes(`"${values.shipping[quoteField]}"`);
    setError(`${inShipping ? 'shipping' : 'billing'}.${quoteField}`, { type: 'server', message: quoteMessage }, { shouldFocus: false });
    // Only a new answer moves the message: the shipping address is read as it was when it came.
  }, [quoteMessage, quoteField, setError]);

  const applyCoupon = async (code: string): Promise<string | null> => {
    if (!ready) return null;
    try {
      await refresh(requestFor(values, code, shippingMethod), keyFor(code, shippingMethod));
      setCoupon(code);
      return null;
    } catch (error) {
      return error instanceof ApiError ? error.message : 'We could not check this coupon. Please try again.';
    }
  };

  const { flow, pay } = usePayment({
    quote,
    provider: provider.status,
    nonceSource,
    requestFor: (current) => requestFor(current, coupon, shippingMethod),
    quoteKey: () => keyFor(coupon, shippingMethod),
    refresh,
    onCardProblem: (problems) => {
      for (const { field, message } of problems) setError(field, { type: 'card', message });
      focusField(problems[0]?.field);
    },
    onLeave: (current) => {
      const { cardNumber: _card, cardExpiry: _expiry, cardCvc: _cvc, cardName: _name, needsShipping: _needs, ...typed } = current;
      saveCheckoutDraft({ ...typed, guestEmail, couponCode: coupon, shippingMethod });
    },
    onPaid,
  });

  // A second press while the first is still being checked or paid is dropped (state updates land too late to stop it).
  const submitting = useRef(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    clearErrors(['cardNumber', 'cardExpiry', 'cardCvc', 'cardName']);
    void handleSubmit(pay, (errors) => focusField(Object.keys(errors).find((name) => name.startsWith('card'))))(event).finally(() => {
      submitting.current = false;
    });
  };

  const busy = isBusy(flow);
  const currency = purchase?.totalPriceDetails.currency ?? lines[0]?.currency ?? 'USD';

  return (
    <form ref={formRef} className={styles.layout} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
      <div className={styles.main}>
        <AddressFieldset kind="billing" legend="Billing address" control={control} countries={countries} active />
        {needsShipping && (
          <AddressFieldset kind="shipping" legend="Shipping address" control={control} countries={countries} active={!values.sameAsBilling}>
            <SameAsBilling control={control} />
          </AddressFieldset>
        )}
        {needsShipping && shippingAddress && (
          <AddressAdvice
            address={shippingAddress}
            checkKey={isAddressComplete(shippingAddress, hasStates(shippingAddress)) ? JSON.stringify([ratesKey(shippingAddress, true), taxKey(shippingAddress), shippingAddress.locality.trim().toUpperCase()]) : null}
            onUse={(changes) => {
              const kind = values.sameAsBilling ? 'billing' : 'shipping';
              for (const [field, value] of Object.entries(changes)) setValue(`${kind}.${field as keyof AddressForm}`, value, { shouldValidate: true, shouldDirty: true });
            }}
          />
        )}
        {needsShipping && <ShippingRates purchase={purchase} pending={quoting} ready={ready} chosen={shippingMethod} onChoose={setShippingMethod} />}
        {purchase?.isFree ? (
          <NoPaymentNeeded />
        ) : (
          <PaymentSection provider={provider} control={control} cardFieldsShown={cardFieldsShown} amount={purchase?.amountDue ?? lines.reduce((sum, line) => sum + line.price, 0)} currency={currency} nonceSource={nonceSource} />
        )}
      </div>

      <aside className={styles.summary} aria-labelledby="summary-title">
        <h3 id="summary-title" className={styles.summaryTitle}>
          Your order
        </h3>
        <OrderLines lines={lines} />
        {purchase && purchase.notices.length > 0 && (
          <FormAlert tone="info" title="Your cart changed">
            {purchase.notices.map((notice) => (
              <p key={notice}>{notice}</p>
            ))}
          </FormAlert>
        )}
        <CouponField applied={coupon} enabled={ready && !busy} onApply={applyCoupon} onRemove={() => setCoupon(null)} />
        <Totals purchase={purchase} pending={quoting} ready={ready} currency={currency} lines={lines} />
        {quoteMessage && !quoteField && <FormAlert tone="error">{quoteMessage}</FormAlert>}
        {quoteField && <p className={styles.muted}>Check the marked field: {quoteMessage}</p>}
        <PaymentStatus flow={flow} />
        <SubmitButton className={styles.pay} size="lg" pending={busy} pendingLabel={flow.state === PaymentFlow.Successful ? 'Paid' : 'Processing…'} disabled={!canPay(purchase, quoting, provider.status)}>
          <LockIcon size={18} />
          {purchase ? (purchase.isFree ? 'Place free order' : `Pay ${formatMoney(purchase.amountDue, currency)}`) : 'Pay'}
        </SubmitButton>
        {!ready && <p className={styles.muted}>Fill in your {needsShipping ? 'billing and shipping addresses' : 'billing address'} to see the total.</p>}
      </aside>
    </form>
  );
}

function SameAsBilling({ control }: { control: Control<CheckoutValues> }) {
  const { field } = useController({ name: 'sameAsBilling', control });
  return (
    <label className={styles.check}>
      <input type="checkbox" name={field.name} checked={field.value} onChange={(event) => field.onChange(event.target.checked)} onBlur={field.onBlur} />
      Same as billing
    </label>
  );
}
