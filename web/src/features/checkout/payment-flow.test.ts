import { describe, expect, it } from 'vitest';
import { ApiError, CLIENT_STATUS } from '@inkwell/ui-kit/api-client';
import { formatMoney } from '@/lib/format';
import { PaymentFlow, PURCHASE_FAILED, type PaymentProblem } from './checkout-rules';
import {
  answerLost,
  canPay,
  flowText,
  isBusy,
  NONCE_FAILED,
  outcomeOf,
  paymentFlow,
  payingWith,
  PROVIDER_NOT_READY,
  purchaseSubmit,
  READY,
  unpaidProblem,
  type FlowEvent,
  type FlowState,
  type ProviderStatus,
} from './payment-flow';
import type { Purchase } from './types';

const cardError: PaymentProblem = { state: PaymentFlow.CardError, message: 'Your card was declined.', retrySameKey: false, requote: false };
const failedBefore: FlowState = { state: PaymentFlow.CardError, problem: cardError };
const noticed: FlowState = { state: PaymentFlow.Ready, notice: 'The total is now $1.00. Check it and press Pay again.' };

type Payment = NonNullable<Purchase['payment']>;
const purchase = (state: Purchase['state'], payment: Partial<Payment> | null = null): Purchase =>
  ({ id: 'p1', state, payment: payment && { provider: 'simulated', paymentId: 'pay1', status: 'failed', redirectUrl: null, clientSecret: null, failure: null, ...payment } }) as Purchase;

describe('paymentFlow: what each step of a press of Pay shows, whatever was shown before', () => {
  const cases: Array<[name: string, event: FlowEvent, after: FlowState]> = [
    ['Pay pressed: processing, the last problem and notice gone', { type: 'processing' }, { state: PaymentFlow.Processing }],
    ['paid', { type: 'paid' }, { state: PaymentFlow.Successful }],
    ['a failure shows its state and words', { type: 'failed', problem: cardError }, { state: PaymentFlow.CardError, problem: cardError }],
    [
      'the total changed when priced again: ready again, with the new amount to read',
      { type: 'totalChanged', amountDue: 1299, currency: 'USD' },
      { state: PaymentFlow.Ready, notice: `The total is now ${formatMoney(1299, 'USD')}. Check it and press Pay again.` },
    ],
    [
      'pricing again was refused: an invalid request, in the service’s words',
      { type: 'requoteFailed', error: new ApiError(400, 'BadRequest', 'Missing city') },
      { state: PaymentFlow.InvalidRequestError, problem: { state: PaymentFlow.InvalidRequestError, message: 'Missing city', retrySameKey: false, requote: false } },
    ],
    [
      'no provider to pay with',
      { type: 'providerNotReady' },
      { state: PaymentFlow.InternalError, problem: { state: PaymentFlow.InternalError, message: PROVIDER_NOT_READY, retrySameKey: false, requote: false } },
    ],
  ];
  for (const [name, event, after] of cases) {
    it(name, () => {
      for (const before of [READY, failedBefore, noticed, { state: PaymentFlow.Processing }]) expect(paymentFlow(before, event)).toEqual(after);
    });
  }

  it('the form waits while processing and once paid, and only then', () => {
    expect(Object.values(PaymentFlow).filter((state) => isBusy({ state }))).toEqual([PaymentFlow.Processing, PaymentFlow.Successful]);
  });

  it('the status line: a notice first, else the words of processing or paid, else nothing', () => {
    expect(flowText(noticed)).toBe(noticed.notice);
    expect(flowText({ state: PaymentFlow.Processing })).toBe('Processing your payment…');
    expect(flowText({ state: PaymentFlow.Successful })).toBe('Payment successful.');
    expect(flowText(READY)).toBeUndefined();
    expect(flowText(failedBefore)).toBeUndefined();
  });
});

describe('payingWith: how a press of Pay pays', () => {
  const cases: Array<[isFree: boolean, provider: ProviderStatus, method: Purchase['paymentMethod'] & string, way: ReturnType<typeof payingWith>]> = [
    [true, 'failed', 'Card', 'nothing'],
    [true, 'ready', 'PayPal', 'nothing'],
    [false, 'ready', 'Card', 'nonce'],
    [false, 'ready', 'PayPal', 'nonce'],
    [false, 'simulated', 'Card', 'card'],
    [false, 'simulated', 'PayPal', 'method'],
    [false, 'simulated', 'GooglePay', 'method'],
    [false, 'loading', 'Card', 'unavailable'],
    [false, 'failed', 'Card', 'unavailable'],
    [false, 'idle', 'PayPal', 'unavailable'],
  ];
  for (const [isFree, provider, method, way] of cases) {
    it(`${isFree ? 'free' : 'paid'}, provider ${provider}, ${method}: ${way}`, () => expect(payingWith(isFree, provider, method)).toBe(way));
  }
});

describe('canPay: Pay is pressable', () => {
  it('not before the purchase is priced, nor while it is priced again', () => {
    expect(canPay(null, false, 'simulated')).toBe(false);
    expect(canPay({ isFree: false }, true, 'simulated')).toBe(false);
  });
  it('a purchase that costs something needs the provider loaded', () => {
    expect(canPay({ isFree: false }, false, 'simulated')).toBe(true);
    expect(canPay({ isFree: false }, false, 'ready')).toBe(true);
    expect(canPay({ isFree: false }, false, 'loading')).toBe(false);
    expect(canPay({ isFree: false }, false, 'failed')).toBe(false);
  });
  it('a free one does not', () => expect(canPay({ isFree: true }, false, 'failed')).toBe(true));
});

describe('purchaseSubmit: the body of POST /order/purchase', () => {
  const toPay = { id: 'p1', isFree: false, totalPrice: 12.99 };
  it('a free purchase names no method and sends no nonce', () => {
    expect(purchaseSubmit({ purchase: { ...toPay, isFree: true }, stripeNonce: null, method: 'Card', cardNumber: '4242 4242 4242 4242' })).toEqual({
      purchaseId: 'p1',
      paymentMethod: null,
      totalPrice: 12.99,
      returnUrl: '/checkout/',
    });
  });
  it('Stripe’s PaymentMethod and its method win over the form’s choice', () => {
    expect(purchaseSubmit({ purchase: toPay, stripeNonce: { nonce: 'pm_123', method: 'GooglePay' }, method: 'Card', cardNumber: '' })).toEqual({
      purchaseId: 'p1',
      paymentMethod: 'GooglePay',
      StripeNonce: 'pm_123',
      totalPrice: 12.99,
      returnUrl: '/checkout/',
    });
  });
  it('the simulated card goes as its digits, or null when it is no card number', () => {
    expect(purchaseSubmit({ purchase: toPay, stripeNonce: null, method: 'Card', cardNumber: '4242 4242 4242 4242' })).toMatchObject({ paymentMethod: 'Card', StripeNonce: '4242424242424242' });
    expect(purchaseSubmit({ purchase: toPay, stripeNonce: null, method: 'Card', cardNumber: '1234' })).toMatchObject({ paymentMethod: 'Card', StripeNonce: null });
  });
  it('a simulated wallet sends no nonce (its page confirms)', () => {
    expect(purchaseSubmit({ purchase: toPay, stripeNonce: null, method: 'PayPal', cardNumber: '4242 4242 4242 4242' })).not.toHaveProperty('StripeNonce');
  });
});

describe('answerLost: only an answer that never came is asked again with the same key', () => {
  it('no answer at all', () => expect(answerLost(new ApiError(0, CLIENT_STATUS.networkError, 'offline'))).toBe(true));
  it('not a 502 from the provider (the service checks the payment itself)', () => expect(answerLost(new ApiError(502, 'ApiError', 'provider down'))).toBe(false));
  it('not a refusal', () => {
    expect(answerLost(new ApiError(402, 'CardError', 'declined'))).toBe(false);
    expect(answerLost(new ApiError(409, 'Conflict', 'changed'))).toBe(false);
  });
  it('not something that is no API error', () => expect(answerLost(new Error('boom'))).toBe(false));
});

describe('outcomeOf: what an accepted purchase means next', () => {
  it('Paid and Completed are paid', () => {
    expect(outcomeOf(purchase('Paid'))).toEqual({ next: 'paid' });
    expect(outcomeOf(purchase('Completed'))).toEqual({ next: 'paid' });
  });
  it('RequiresAction with the provider’s page goes there', () => {
    expect(outcomeOf(purchase('RequiresAction', { status: 'requires_action', redirectUrl: 'https://pay.example/3ds' }))).toEqual({ next: 'redirect', url: 'https://pay.example/3ds' });
  });
  it('RequiresAction without a page to go to did not go through', () => {
    expect(outcomeOf(purchase('RequiresAction', { status: 'requires_action' }))).toEqual({ next: 'failed', problem: { state: PaymentFlow.ApiError, message: PURCHASE_FAILED, retrySameKey: false, requote: false } });
  });
  it('Paying is waited for', () => expect(outcomeOf(purchase('Paying'))).toEqual({ next: 'wait' }));
  it('a failed payment says the provider’s words, a card error as a card error', () => {
    const declined = purchase('Failed', { failure: { kind: 'CardError', code: 'card_declined', message: 'Your card was declined.' } });
    expect(outcomeOf(declined)).toEqual({ next: 'failed', problem: { state: PaymentFlow.CardError, message: 'Your card was declined.', retrySameKey: false, requote: false } });
    const other = purchase('Failed', { failure: { kind: 'ApiError', code: 'processing_error', message: 'The provider could not be reached.' } });
    expect(unpaidProblem(other)).toEqual({ state: PaymentFlow.ApiError, message: 'The provider could not be reached.', retrySameKey: false, requote: false });
  });
  it('without any words, Purchase Failed', () => expect(unpaidProblem(purchase('Paying'))).toMatchObject({ state: PaymentFlow.ApiError, message: PURCHASE_FAILED }));
  it('Stripe failing to make a PaymentMethod without words of its own is Purchase Failed too', () => expect(NONCE_FAILED).toEqual({ state: PaymentFlow.InternalError, message: PURCHASE_FAILED, retrySameKey: false, requote: false }));
});
