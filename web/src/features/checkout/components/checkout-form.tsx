import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { Button } from '@inkwell/ui-kit/button';
import { LockIcon } from '@inkwell/ui-kit/icons';
import { TextField } from '@/components/ui/field';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { formatMoney } from '@/lib/format';
import { reportPurchaseFailed } from '../api/report-purchase-failed';
import { readCheckoutDraft, saveCheckoutDraft } from '../checkout-draft';
import { submitPurchase } from '../api/submit-purchase';
import {
  cardNonce,
  cardNumberProblem,
  EMPTY_ADDRESS,
  fieldOfProblem,
  formatAmount,
  isAddressComplete,
  isPaid,
  PAYMENT_METHOD_LABELS,
  paymentProblem,
  PaymentFlow,
  PURCHASE_FAILED,
  ratesKey,
  taxKey,
  toAddressInput,
  type AddressForm,
  type PaymentProblem,
} from '../checkout-rules';
import type { PaymentMethodName, Purchase, PurchaseRequest, ShippingCountry } from '../types';
import { usePaymentProvider, type ProviderState } from '../use-payment-provider';
import { usePurchaseQuote } from '../use-purchase-quote';
import { AddressAdvice } from './address-advice';
import { AddressFieldset, statesOf } from './address-fieldset';
import type { CheckoutValues } from './checkout-values';
import { StripePaymentFields, type NonceResult, type NonceSource } from './stripe-payment-fields';
import styles from './checkout.module.css';

/** One line of the cart as checkout lists it. */
export interface CheckoutLine {
  key: string;
  name: string;
  distributionType: 'Digital' | 'Print';
  quantity: number;
  /** The line's price, minor units. */
  price: number;
  currency: string;
}

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

/** Wallets go through the provider's page; Apple Pay only where the browser has it. */
function offeredMethods(): PaymentMethodName[] {
  const applePay = typeof window !== 'undefined' && 'ApplePaySession' in window;
  return applePay ? ['Card', 'PayPal', 'GooglePay', 'ApplePay'] : ['Card', 'PayPal', 'GooglePay'];
}

function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, '0')).join('');
}

const FLOW_TEXT: Partial<Record<PaymentFlow, string>> = {
  [PaymentFlow.Processing]: 'Processing your payment…',
  [PaymentFlow.Successful]: 'Payment successful.',
};

interface FlowState {
  state: PaymentFlow;
  problem?: PaymentProblem;
  /** Something to read before paying (the total changed). */
  notice?: string;
}

const PROCESSING_POLL_MS = 1_000;
const PROCESSING_POLL_LIMIT = 30;

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
    },
  });
  const values = useWatch({ control }) as CheckoutValues;
  const [coupon, setCoupon] = useState<string | null>(draft?.couponCode ?? null);
  const [shippingMethod, setShippingMethod] = useState<string | null>(draft?.shippingMethod ?? null);
  const [flow, setFlow] = useState<FlowState>({ state: PaymentFlow.Ready });
  const retryKey = useRef<string | null>(null);
  // The payment provider (spec §4: the checkout overlay is active, so it loads now).
  const provider = usePaymentProvider(true);
  const nonceSource: NonceSource = useRef<(() => Promise<NonceResult>) | null>(null);

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

  const failed = (problem: PaymentProblem, purchaseId: string) => {
    setFlow({ state: problem.state, problem });
    reportPurchaseFailed(purchaseId, problem.message);
  };

  const pay = async (current: CheckoutValues) => {
    if (!quote || !purchase) return;
    let stripeNonce: { nonce: string; method: PaymentMethodName } | null = null;
    if (!purchase.isFree && provider.status === 'ready') {
      // Stripe: the Payment Element's details become a PaymentMethod first, while the press is fresh (wallets need it).
      const made = nonceSource.current ? await nonceSource.current() : null;
      if (!made || 'problem' in made) {
        const problem = made?.problem ?? { state: PaymentFlow.InternalError, message: PURCHASE_FAILED, retrySameKey: false, requote: false };
        failed(problem, purchase.id);
        return;
      }
      stripeNonce = made;
    } else if (!purchase.isFree && provider.status !== 'simulated') {
      setFlow({ state: PaymentFlow.InternalError, problem: { state: PaymentFlow.InternalError, message: PROVIDER_NOT_READY, retrySameKey: false, requote: false } });
      return;
    } else if (!purchase.isFree && current.paymentMethod === 'Card') {
      const cardProblem = cardNumberProblem(current.cardNumber);
      if (cardProblem) {
        setError('cardNumber', { type: 'card', message: cardProblem }, { shouldFocus: true });
        return;
      }
    }
    setFlow({ state: PaymentFlow.Processing });
    let toPay = purchase;
    const latest = requestFor(current, coupon, shippingMethod);
    try {
      // The purchase carries the addresses: any field changed since it was priced, it is priced again.
      if (JSON.stringify(latest) !== JSON.stringify(quote.body)) {
        toPay = await refresh(latest, keyFor(coupon, shippingMethod));
        if (toPay.totalPrice !== purchase.totalPrice) {
          setFlow({ state: PaymentFlow.Ready, notice: `The total is now ${formatMoney(toPay.amountDue, toPay.totalPriceDetails.currency)}. Check it and press Pay again.` });
          return;
        }
        retryKey.current = null;
      }
    } catch (error) {
      setFlow({ state: PaymentFlow.InvalidRequestError, problem: paymentProblem(error) });
      return;
    }
    const method = toPay.isFree ? null : (stripeNonce?.method ?? current.paymentMethod);
    const idempotencyKey = retryKey.current ?? newIdempotencyKey();
    retryKey.current = idempotencyKey;
    const submit = () =>
      submitPurchase(
        {
          purchaseId: toPay.id,
          paymentMethod: method,
          ...(stripeNonce ? { StripeNonce: stripeNonce.nonce } : method === 'Card' ? { StripeNonce: cardNonce(current.cardNumber) ?? null } : {}),
          totalPrice: toPay.totalPrice,
          returnUrl: '/checkout/',
        },
        idempotencyKey,
      );
    let result: Purchase;
    try {
      result = await submit().catch(async (error: unknown) => {
        // The answer never came: the same attempt once more, with the same key, charges at most once.
        if (!paymentProblem(error).retrySameKey || (error instanceof ApiError && error.httpStatus !== 0)) throw error;
        await new Promise((resolve) => setTimeout(resolve, 1_000));
        return submit();
      });
    } catch (error) {
      const problem = paymentProblem(error);
      if (!problem.retrySameKey) retryKey.current = null;
      failed(problem, toPay.id);
      if (problem.requote) void refresh(latest, keyFor(coupon, shippingMethod)).catch(() => undefined);
      return;
    }
    retryKey.current = null;
    if (isPaid(result)) {
      setFlow({ state: PaymentFlow.Successful });
      onPaid(result);
      return;
    }
    if (result.state === 'RequiresAction' && result.payment?.redirectUrl) {
      // The provider's page (3-D Secure, a wallet) sends the browser back to /checkout/ with the payment's id.
      const { cardNumber: _card, needsShipping: _needs, ...typed } = current;
      saveCheckoutDraft({ ...typed, guestEmail, couponCode: coupon, shippingMethod });
      window.location.assign(result.payment.redirectUrl);
      return;
    }
    if (result.state === 'Paying') {
      const { getPurchase } = await import('../api/get-purchase');
      for (let attempt = 0; attempt < PROCESSING_POLL_LIMIT; attempt += 1) {
        await new Promise((resolve) => setTimeout(resolve, PROCESSING_POLL_MS));
        const now = await getPurchase(result.id).catch(() => null);
        if (now && isPaid(now)) {
          setFlow({ state: PaymentFlow.Successful });
          onPaid(now);
          return;
        }
        if (now && now.state !== 'Paying') {
          result = now;
          break;
        }
      }
    }
    const message = result.payment?.failure?.message ?? PURCHASE_FAILED;
    failed({ state: result.payment?.failure?.kind === 'CardError' ? PaymentFlow.CardError : PaymentFlow.ApiError, message, retrySameKey: false, requote: false }, result.id);
  };

  // A second press while the first is still being checked or paid is dropped (state updates land too late to stop it).
  const submitting = useRef(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    if (submitting.current) return;
    submitting.current = true;
    clearErrors('cardNumber');
    void handleSubmit(pay)(event).finally(() => {
      submitting.current = false;
    });
  };

  const busy = flow.state === PaymentFlow.Processing || flow.state === PaymentFlow.Successful;
  const currency = purchase?.totalPriceDetails.currency ?? lines[0]?.currency ?? 'USD';

  return (
    <form className={styles.layout} onSubmit={onSubmit} noValidate aria-busy={busy || undefined}>
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
          <section className={styles.fieldset} aria-labelledby="payment-free">
            <h3 id="payment-free" className={styles.legend}>
              Payment
            </h3>
            <p className={styles.muted}>This order is free: no payment is needed.</p>
          </section>
        ) : (
          <PaymentSection provider={provider} control={control} amount={purchase?.amountDue ?? lines.reduce((sum, line) => sum + line.price, 0)} currency={currency} nonceSource={nonceSource} />
        )}
      </div>

      <aside className={styles.summary} aria-labelledby="summary-title">
        <h3 id="summary-title" className={styles.summaryTitle}>
          Your order
        </h3>
        <ul className={styles.lines}>
          {lines.map((line) => (
            <li key={line.key} className={styles.line}>
              <span className={styles.lineName}>
                {line.name}
                <span className={styles.lineMeta}>
                  {line.distributionType}
                  {line.quantity > 1 ? ` × ${line.quantity}` : ''}
                </span>
              </span>
              <span>{formatMoney(line.price, line.currency)}</span>
            </li>
          ))}
        </ul>
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
        <SubmitButton className={styles.pay} size="lg" pending={busy} pendingLabel={flow.state === PaymentFlow.Successful ? 'Paid' : 'Processing…'} disabled={!purchase || quoting || (!purchase.isFree && provider.status !== 'ready' && provider.status !== 'simulated')}>
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

function ShippingRates({ purchase, pending, ready, chosen, onChoose }: { purchase: Purchase | null; pending: boolean; ready: boolean; chosen: string | null; onChoose: (mailClass: string) => void }) {
  const selected = chosen ?? purchase?.shippingMethod?.mailClass ?? null;
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>Shipping method</legend>
      {!ready && <p className={styles.muted}>Rates appear once the shipping address is complete.</p>}
      {ready && !purchase && pending && (
        <div role="status" className={styles.rates}>
          <span className="visually-hidden">Finding shipping rates…</span>
          <Skeleton className={styles.rateSkeleton} />
          <Skeleton className={styles.rateSkeleton} />
        </div>
      )}
      {purchase && (
        <div className={styles.rates}>
          {purchase.shippingRates.map((rate) => (
            <label key={rate.mailClass} className={styles.rate}>
              <input type="radio" name="shippingMethod" value={rate.mailClass} checked={selected === rate.mailClass} onChange={() => onChoose(rate.mailClass)} disabled={pending} />
              <span className={styles.rateName}>
                {rate.mailService}
                <span className={styles.lineMeta}>
                  {rate.deliveryTimeInDays} {rate.deliveryTimeInDays === 1 ? 'day' : 'days'}
                </span>
              </span>
              <span>{formatAmount(rate.totalPrice, purchase.totalPriceDetails.currency)}</span>
            </label>
          ))}
        </div>
      )}
    </fieldset>
  );
}

const PROVIDER_NOT_READY = 'The payment form could not be loaded. Check your connection and try again.';

/** The payment fields of the store's processor: Stripe's Payment Element, or the simulated processor's card and wallets. */
function PaymentSection({ provider, control, amount, currency, nonceSource }: { provider: ProviderState; control: Control<CheckoutValues>; amount: number; currency: string; nonceSource: NonceSource }) {
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

function CouponField({ applied, enabled, onApply, onRemove }: { applied: string | null; enabled: boolean; onApply: (code: string) => Promise<string | null>; onRemove: () => void }) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const apply = async () => {
    const wanted = code.trim();
    if (!wanted) return;
    setPending(true);
    const error = await onApply(wanted);
    setPending(false);
    setProblem(error ?? undefined);
    if (!error) setCode('');
  };
  if (applied) {
    return (
      <p className={styles.coupon}>
        Coupon <strong>{applied.toUpperCase()}</strong> applied.
        <button type="button" className={styles.textButton} onClick={onRemove}>
          Remove<span className="visually-hidden"> coupon {applied}</span>
        </button>
      </p>
    );
  }
  return (
    <div className={styles.couponForm}>
      <TextField
        label="Coupon code"
        name="couponCode"
        autoComplete="off"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setProblem(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void apply();
          }
        }}
        error={problem}
        hint={enabled ? undefined : 'A coupon is checked once your address is complete.'}
      />
      <Button variant="secondary" onClick={() => void apply()} disabled={!enabled || pending || code.trim() === ''} aria-busy={pending || undefined}>
        {pending ? 'Checking…' : 'Apply'}
      </Button>
    </div>
  );
}

function Totals({ purchase, pending, ready, currency, lines }: { purchase: Purchase | null; pending: boolean; ready: boolean; currency: string; lines: CheckoutLine[] }) {
  if (!purchase) {
    const subtotal = lines.reduce((sum, line) => sum + line.price, 0);
    return (
      <dl className={styles.totals}>
        <div>
          <dt>Subtotal</dt>
          <dd>{formatMoney(subtotal, currency)}</dd>
        </div>
        <div>
          <dt>Shipping and tax</dt>
          <dd>{ready && pending ? <span role="status">Calculating…</span> : 'Determined at checkout'}</dd>
        </div>
      </dl>
    );
  }
  const details = purchase.totalPriceDetails;
  return (
    <dl className={styles.totals} aria-busy={pending || undefined}>
      <div>
        <dt>Subtotal</dt>
        <dd>{formatMoney(details.netPrice, currency)}</dd>
      </div>
      {details.couponSaveAmount > 0 && (
        <div>
          <dt>Coupon</dt>
          <dd>−{formatAmount(details.couponSaveAmount, currency)}</dd>
        </div>
      )}
      {purchase.shippingRates.length > 0 && (
        <div>
          <dt>Shipping</dt>
          <dd>{formatAmount(details.shippingCost, currency)}</dd>
        </div>
      )}
      <div>
        <dt>Tax</dt>
        <dd>{formatAmount(details.taxes, currency)}</dd>
      </div>
      <div className={styles.total}>
        <dt>Total</dt>
        <dd>{formatAmount(purchase.totalPrice, currency)}</dd>
      </div>
      {pending && (
        <p role="status" className={styles.muted}>
          Updating…
        </p>
      )}
    </dl>
  );
}

function PaymentStatus({ flow }: { flow: FlowState }) {
  const text = flow.notice ?? FLOW_TEXT[flow.state];
  const message = flow.problem?.message;
  if (message) {
    return (
      <FormAlert tone="error" title={flow.state === PaymentFlow.CardError ? 'Your payment did not go through' : PURCHASE_FAILED}>
        <p>{message}</p>
      </FormAlert>
    );
  }
  return (
    <p role="status" className={styles.flow}>
      {text}
    </p>
  );
}

