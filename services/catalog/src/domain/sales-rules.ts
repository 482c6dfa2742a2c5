/**
 * Sales campaign rules (dashboard spec §3 Sales campaign and Sales product, §4, §5): pure, so the
 * staff routes, the spreadsheet import and the demo judge a campaign alike.
 *
 * - Any save: dates are UTC instants that parse; the end is never before the start when both are
 *   set ('End Date is before Start Date').
 * - Publishing (and saving a published campaign): a name, a start and an end ('Missing Sales
 *   Information' + 'All the following fields must be filled in before you can publish this
 *   product' + the missing fields' names).
 * - Sales products: the product must exist; variantId -1 is its Digital variant, any other id must
 *   be that product's Print variant; one row per product and variant; a discount above the full
 *   price is refused (a "sale" that raises the price is a typo, and the storefront would show a
 *   higher price struck through); a discount equal to the full price is left out (§5).
 * - Included series: unknown ids are refused; one already included is a no-op (§5, §8).
 */
import { DIGITAL_VARIANT_ID, SALES_MESSAGES } from '@inkwell/contracts/dashboard-merchandising';
import { problem, type Problem } from '@inkwell/contracts/problems';

export type CampaignPhase = 'Upcoming' | 'Running' | 'Ended';

/** The names the editor gives the fields publishing needs, in its order. */
export const SALES_PUBLISH_FIELD_NAMES = { name: 'Name', startDate: 'Start Date', endDate: 'End Date' } as const;

/** 'Missing Sales Information: All the following fields must be filled in before you can publish this product: Name, End Date'. */
export function missingSalesInformationMessage(missing: readonly string[]): string {
  return `${SALES_MESSAGES.missing}: ${SALES_MESSAGES.missingDetail}: ${missing.join(', ')}`;
}

export const salesDateUnreadableMessage = (field: string, value: string) => `${field}: "${value}" is not a date and time (an ISO 8601 instant in UTC, such as 2026-11-27T09:00:00Z).`;
export const salesProductUnknownMessage = (index: number, productId: number) => `salesProducts[${index}].productId: there is no product with id ${productId}.`;
export const salesNoDigitalVariantMessage = (index: number, productId: number) => `salesProducts[${index}].variantId: product ${productId} has no Digital variant (-1).`;
export const salesNotPrintVariantMessage = (index: number, productId: number, variantId: number) =>
  `salesProducts[${index}].variantId: ${variantId} is not the id of product ${productId}'s Print variant (-1 is its Digital variant).`;
export const salesProductTwiceMessage = (index: number, productId: number, variant: 'Digital' | 'Print') => `salesProducts[${index}]: product ${productId}'s ${variant} variant is already in the campaign.`;
export const salesDiscountAboveFullMessage = (index: number, discount: number, full: number) =>
  `salesProducts[${index}].discountPrice: the discount price (${money(discount)}) is above the full price (${money(full)}).`;
export const salesSeriesUnknownMessage = (index: number, seriesId: number) => `includedSeries[${index}]: there is no series with id ${seriesId}.`;

const money = (cents: number) => (cents / 100).toFixed(2);

/** Reads an ISO instant; a value that does not parse is a problem on its field. */
export function parseInstant(value: string | null | undefined, field: string, problems: Problem[]): Date | null {
  if (value === null || value === undefined || value.trim() === '') return null;
  const at = new Date(value);
  if (Number.isNaN(at.getTime())) {
    problems.push(problem(field, salesDateUnreadableMessage(field, value)));
    return null;
  }
  return at;
}

export interface CampaignToSave {
  name: string;
  startDate: Date | null;
  endDate: Date | null;
}

/** Problems of any save: the end before the start. */
export function campaignSaveProblems(campaign: CampaignToSave): Problem[] {
  if (campaign.startDate && campaign.endDate && campaign.endDate.getTime() < campaign.startDate.getTime()) return [problem('endDate', SALES_MESSAGES.endBeforeStart)];
  return [];
}

/** Problems of publishing (§5): the missing fields, each on its own field, then the dates' order. */
export function campaignPublishProblems(campaign: CampaignToSave): Problem[] {
  const missing: Array<keyof typeof SALES_PUBLISH_FIELD_NAMES> = [];
  if (!campaign.name.trim()) missing.push('name');
  if (!campaign.startDate) missing.push('startDate');
  if (!campaign.endDate) missing.push('endDate');
  const names = missing.map((field) => SALES_PUBLISH_FIELD_NAMES[field]);
  return [...missing.map((field) => problem(field, missingSalesInformationMessage(names))), ...campaignSaveProblems(campaign)];
}

/** Where a campaign stands against `now`: running from its start up to and including its end instant. */
export function campaignPhase(startDate: Date | null, endDate: Date | null, now: Date): CampaignPhase | null {
  if (!startDate || !endDate) return null;
  if (now.getTime() < startDate.getTime()) return 'Upcoming';
  if (now.getTime() > endDate.getTime()) return 'Ended';
  return 'Running';
}

/** A product's variants as a sales product needs them. */
export interface SaleableVariant {
  id: number;
  type: 'Digital' | 'Print';
  priceCents: number;
  currency: string;
}

export interface SaleableProduct {
  id: number;
  name: string;
  seriesId: number | null;
  variants: readonly SaleableVariant[];
}

export interface SalesProductRequest {
  productId: number;
  variantId: number;
  discountPrice: number;
}

export interface ResolvedSalesProduct {
  productId: number;
  variantType: 'Digital' | 'Print';
  discountPriceCents: number;
}

/** The contract's variantId of a variant: -1 for Digital, the Print variant's own id. */
export function salesVariantId(variant: Pick<SaleableVariant, 'id' | 'type'>): number {
  return variant.type === 'Digital' ? DIGITAL_VARIANT_ID : variant.id;
}

/**
 * Judges the requested sales products against the products found: every problem on its row's
 * field, and the rows kept (those whose discount differs from the full price).
 */
export function resolveSalesProducts(requests: readonly SalesProductRequest[], products: ReadonlyMap<number, SaleableProduct>): { kept: ResolvedSalesProduct[]; unchanged: number; problems: Problem[] } {
  const problems: Problem[] = [];
  const kept: ResolvedSalesProduct[] = [];
  const seen = new Set<string>();
  let unchanged = 0;
  requests.forEach((request, index) => {
    const product = products.get(request.productId);
    if (!product) {
      problems.push(problem(`salesProducts.${index}.productId`, salesProductUnknownMessage(index, request.productId)));
      return;
    }
    const variant =
      request.variantId === DIGITAL_VARIANT_ID
        ? product.variants.find((candidate) => candidate.type === 'Digital')
        : product.variants.find((candidate) => candidate.type === 'Print' && candidate.id === request.variantId);
    if (!variant) {
      const message = request.variantId === DIGITAL_VARIANT_ID ? salesNoDigitalVariantMessage(index, product.id) : salesNotPrintVariantMessage(index, product.id, request.variantId);
      problems.push(problem(`salesProducts.${index}.variantId`, message));
      return;
    }
    const key = `${product.id}:${variant.type}`;
    if (seen.has(key)) {
      problems.push(problem(`salesProducts.${index}`, salesProductTwiceMessage(index, product.id, variant.type)));
      return;
    }
    seen.add(key);
    if (request.discountPrice > variant.priceCents) {
      problems.push(problem(`salesProducts.${index}.discountPrice`, salesDiscountAboveFullMessage(index, request.discountPrice, variant.priceCents)));
      return;
    }
    if (request.discountPrice === variant.priceCents) {
      unchanged += 1;
      return;
    }
    kept.push({ productId: product.id, variantType: variant.type, discountPriceCents: request.discountPrice });
  });
  return { kept, unchanged, problems };
}

/** Included series without repeats, by id (a series already included is a no-op; the order carries no meaning). */
export function distinctSeries(ids: readonly number[]): number[] {
  return [...new Set(ids)].sort((a, b) => a - b);
}
