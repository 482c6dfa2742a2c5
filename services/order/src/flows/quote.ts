import { ORDER_MESSAGES } from '@inkwell/contracts/order';
import { problem, WHOLE_REQUEST, type Problem } from '@inkwell/contracts/problems';
import type { CheckoutCart, CheckoutLine } from '@inkwell/platform';
import { EmbeddedTaxCalculator, type TaxCalculator } from '../drivers/tax';
import {
  addressField,
  addressProblems,
  addressValueProblems,
  CouldNotCalculateTaxError,
  COULD_NOT_CALCULATE_TAX,
  fromGrains,
  ORDER_SERVICE_MESSAGES,
  splitPurchase,
  sum4,
  toGrains,
  UnknownDestinationError,
  type Address,
  type ShippingRate,
  type ShippingRates,
  type SplitOrder,
} from '../domain';

/** A quote refused for what the shopper sent: every problem on its request field, the first as the message. */
export class QuoteProblem extends Error {
  constructor(readonly problems: readonly Problem[]) {
    super(problems[0]?.message ?? ORDER_SERVICE_MESSAGES.cannotPrice);
    this.name = 'QuoteProblem';
  }
}

export interface QuoteInput {
  cart: CheckoutCart;
  billing: Address;
  shipping: Address | null;
  /** The mail class chosen; the cheapest rate when absent. */
  shippingMethod: string | null;
  now: Date;
}

export interface QuotedLine {
  productId: number;
  variantId: number;
  name: string;
  thumbnailUrl: string | null;
  distributionType: 'Digital' | 'Print';
  quantity: number;
  price: number;
  fullPrice: number;
  currency: string;
  tax: number;
}

export interface QuotedOrder {
  releaseAt: Date | null;
  isPreOrder: boolean;
  hasPrint: boolean;
  lines: QuotedLine[];
  netPrice: number;
  fullPrice: number;
  couponSaveAmount: number;
  shippingCost: number;
  taxes: number;
  totalPrice: number;
}

export interface Quote {
  currency: string;
  orders: QuotedOrder[];
  shippingRates: ShippingRate[];
  shippingMethod: ShippingRate | null;
  netPrice: number;
  fullPrice: number;
  couponSaveAmount: number;
  shippingCost: number;
  taxes: number;
  totalPrice: number;
  /** What is charged: the total rounded half up to whole minor units. */
  amountDue: number;
  isFree: boolean;
}



/** Where the tax is owed: the shipping address for printed goods, else the billing address; and its field in the request. */
function taxAddress(input: QuoteInput, hasPrint: boolean): { address: Address; at: string } {
  return hasPrint && input.shipping ? { address: input.shipping, at: 'shippingAddress' } : { address: input.billing, at: 'billingAddress' };
}

/**
 * Prices a cart for these addresses (nothing is charged or held): the addresses checked with the
 * spec's messages, shipping rates for the Print items, the purchase split into orders by release,
 * the coupon's saving and shipping shared out, sales tax per order, totals at 4-decimal precision.
 */
export async function quotePurchase(input: QuoteInput, rates: ShippingRates, tax: TaxCalculator = EMBEDDED_TAX): Promise<Quote> {
  const { cart } = input;
  if (cart.lines.length === 0) throw new QuoteProblem([problem('cartId', ORDER_MESSAGES.emptyCart)]);
  const hasPrint = cart.lines.some((line) => line.distributionType === 'Print');

  const problems = [...addressProblems(input.billing, 'billingAddress'), ...addressValueProblems(input.billing, 'billingAddress')];
  if (hasPrint) {
    if (!input.shipping) problems.push(problem('shippingAddress', ORDER_MESSAGES.noShippingAddress));
    else problems.push(...addressProblems(input.shipping, 'shippingAddress'), ...addressValueProblems(input.shipping, 'shippingAddress'));
  }
  if (problems.length > 0) throw new QuoteProblem(problems);

  let shippingRates: ShippingRate[] = [];
  let shippingMethod: ShippingRate | null = null;
  if (hasPrint && input.shipping) {
    const prints = cart.lines.filter((line) => line.distributionType === 'Print');
    const unknown = prints.find((line) => !line.parcel);
    if (unknown) throw new QuoteProblem([problem(WHOLE_REQUEST, ORDER_MESSAGES.noParcel(unknown.productName))]);
    try {
      shippingRates = await rates.rates(
        prints.map((line) => ({ weightLb: line.parcel!.weightLb, heightIn: line.parcel!.heightIn, widthIn: line.parcel!.widthIn, lengthIn: line.parcel!.lengthIn, quantity: line.quantity })),
        { country: input.shipping.country, postalCode: input.shipping.postalCode, administrativeArea: input.shipping.administrativeArea },
      );
    } catch (error) {
      if (error instanceof UnknownDestinationError) throw new QuoteProblem([problem('shippingAddress.country', error.message)]);
      throw error;
    }
    if (shippingRates.length === 0) throw new QuoteProblem([problem('shippingAddress', ORDER_MESSAGES.noRates)]);
    shippingMethod = input.shippingMethod ? (shippingRates.find((rate) => rate.mailClass === input.shippingMethod) ?? null) : (shippingRates[0] ?? null);
    if (!shippingMethod) throw new QuoteProblem([problem('shippingMethod', ORDER_MESSAGES.unknownShippingMethod(input.shippingMethod ?? ''))]);
  }

  const couponSaveAmount = cart.couponSaveAmount;
  const split = splitPurchase(
    cart.lines.map((line) => ({
      productId: Number(line.productId),
      variantId: Number(line.variantId),
      distributionType: line.distributionType as 'Digital' | 'Print',
      price: Number(line.priceCents),
      quantity: line.quantity,
      scheduleDate: line.scheduleDate || null,
      isPreOrder: line.isPreOrder,
      weightLb: line.parcel?.weightLb ?? null,
    })),
    input.now,
    { couponSaveAmount, shippingCost: shippingMethod?.totalPrice ?? 0 },
  );

  const destination = taxAddress(input, hasPrint);
  const byVariant = new Map(cart.lines.map((line) => [`${line.productId}:${line.variantId}`, line]));
  const orders = await Promise.all(split.map((order) => quotedOrder(order, destination, byVariant, cart.currency, input.now, tax)));

  const totalPrice = sum4(orders.map((order) => order.totalPrice));
  const amountDue = Math.round(toGrains(totalPrice) / 100);
  return {
    currency: cart.currency,
    orders,
    shippingRates,
    shippingMethod,
    netPrice: orders.reduce((sum, order) => sum + order.netPrice, 0),
    fullPrice: orders.reduce((sum, order) => sum + order.fullPrice, 0),
    couponSaveAmount: sum4(orders.map((order) => order.couponSaveAmount)),
    shippingCost: sum4(orders.map((order) => order.shippingCost)),
    taxes: sum4(orders.map((order) => order.taxes)),
    totalPrice,
    amountDue,
    isFree: !hasPrint && amountDue === 0,
  };
}

const EMBEDDED_TAX = new EmbeddedTaxCalculator();

async function quotedOrder(
  order: SplitOrder,
  { address: destination, at }: { address: Address; at: string },
  byVariant: Map<string, CheckoutLine>,
  currency: string,
  now: Date,
  calculator: TaxCalculator,
): Promise<QuotedOrder> {
  let tax;
  try {
    tax = await calculator.calculate({
      destination: { country: destination.country, administrativeArea: destination.administrativeArea, postalCode: destination.postalCode, city: destination.locality, line1: destination.address },
      addressSource: at === 'shippingAddress' ? 'shipping' : 'billing',
      lines: order.lines.map((line) => ({ amount: line.taxableAmount, distributionType: line.distributionType })),
      shipping: order.hasPrint ? order.shippingCost : null,
      currency,
      at: now,
    });
  } catch (error) {
    if (error instanceof CouldNotCalculateTaxError) throw new QuoteProblem([problem(addressField(at, 'country'), COULD_NOT_CALCULATE_TAX)]);
    throw error;
  }
  const lines = order.lines.map((line, index): QuotedLine => {
    const source = byVariant.get(`${line.productId}:${line.variantId}`);
    return {
      productId: line.productId,
      variantId: line.variantId,
      name: source?.productName ?? '',
      thumbnailUrl: source?.thumbnailUrl || null,
      distributionType: line.distributionType,
      quantity: line.quantity,
      price: line.price,
      fullPrice: Number(source?.fullPriceCents ?? line.price),
      currency,
      tax: tax.lines[index]?.tax ?? 0,
    };
  });
  const taxes = tax.total;
  return {
    releaseAt: order.releaseAt,
    isPreOrder: order.isPreOrder,
    hasPrint: order.hasPrint,
    lines,
    netPrice: order.subtotal,
    fullPrice: lines.reduce((sum, line) => sum + line.fullPrice * line.quantity, 0),
    couponSaveAmount: order.couponSaveAmount,
    shippingCost: order.shippingCost,
    taxes,
    totalPrice: fromGrains(toGrains(order.total) + toGrains(taxes)),
  };
}

/**
 * Whether the cart held for payment is the cart that was quoted: same lines, prices and coupon
 * saving. A line whose variant kept its own (full) price but whose sales campaign started or ended
 * since the quote is still the line quoted: the quote stands (a campaign ending during checkout
 * does not change a quoted purchase), and so does the coupon saving reckoned on it.
 */
export function sameCart(quoted: readonly QuotedLineKey[], held: CheckoutCart, couponSaveAmount: number): boolean {
  if (quoted.length !== held.lines.length) return false;
  const heldBy = new Map(held.lines.map((line) => [`${line.productId}:${line.variantId}`, line]));
  let campaignMoved = false;
  for (const line of quoted) {
    const now = heldBy.get(`${line.productId}:${line.variantId}`);
    if (!now || now.quantity !== line.quantity) return false;
    if (Number(now.priceCents) === line.price) continue;
    if (line.fullPrice === undefined || Number(now.fullPriceCents) !== line.fullPrice) return false;
    campaignMoved = true;
  }
  return campaignMoved || toGrains(held.couponSaveAmount) === toGrains(couponSaveAmount);
}

export interface QuotedLineKey {
  productId: number;
  variantId: number;
  quantity: number;
  price: number;
  /** The variant's own price when quoted (before any sales campaign's discount). */
  fullPrice?: number;
}
