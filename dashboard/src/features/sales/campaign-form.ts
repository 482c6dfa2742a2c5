/** The campaign editor's form (discount prices in dollars) and its save body (cents, dashboard spec §9). */
import { toCents } from '@inkwell/contracts/catalog-rules';
import { DIGITAL_VARIANT_ID, type SalesCampaign, type SalesCampaignInput, type SalesProduct } from '@inkwell/contracts/dashboard-merchandising';

export interface SalesRowValues {
  productId: number;
  name: string;
  variantId: number;
  seriesId: number | null;
  currency: string;
  /** Cents, as the catalog prices the variant. */
  fullPrice: number;
  /** Dollars; null while the field is empty. */
  discount: number | null;
}

export interface CampaignFormValues {
  name: string;
  description: string;
  /** ISO instants in UTC, or null. */
  startDate: string | null;
  endDate: string | null;
  products: SalesRowValues[];
  includedSeries: { id: number; title: string }[];
}

export function emptyCampaignForm(): CampaignFormValues {
  return { name: '', description: '', startDate: null, endDate: null, products: [], includedSeries: [] };
}

export function toRow(product: SalesProduct): SalesRowValues {
  return {
    productId: product.productId,
    name: product.name,
    variantId: product.variantId,
    seriesId: product.seriesId,
    currency: product.currency,
    fullPrice: product.fullPrice,
    discount: product.discountPrice / 100,
  };
}

export function campaignToForm(campaign: SalesCampaign): CampaignFormValues {
  return {
    name: campaign.name,
    description: campaign.description,
    startDate: campaign.startDate,
    endDate: campaign.endDate,
    products: campaign.salesProducts.map(toRow),
    includedSeries: campaign.includedSeries.map(({ id, title }) => ({ id, title })),
  };
}

export function variantLabel(variantId: number): string {
  return variantId === DIGITAL_VARIANT_ID ? 'Digital' : 'Print';
}

/** A row's key: one row per product variant. */
export function rowKey(row: { productId: number; variantId: number }): string {
  return `${row.productId}:${row.variantId}`;
}

/** True when the row's discount is its full price: the server leaves it out (§5), so the editor says so. */
export function isUnchanged(row: SalesRowValues): boolean {
  return row.discount !== null && toCents(row.discount) === row.fullPrice;
}

/** Appends the rows not already in the list (a variant is in a campaign once). */
export function mergeRows(current: readonly SalesRowValues[], added: readonly SalesRowValues[]): SalesRowValues[] {
  const seen = new Set(current.map(rowKey));
  return [...current, ...added.filter((row) => !seen.has(rowKey(row)) && (seen.add(rowKey(row)), true))];
}

export function formToCampaignSave(values: CampaignFormValues, stored?: { id: number; updatedAt: string }): SalesCampaignInput {
  return {
    ...(stored ? { id: stored.id, expectedUpdatedAt: stored.updatedAt } : {}),
    name: values.name.trim(),
    description: values.description,
    startDate: values.startDate,
    endDate: values.endDate,
    salesProducts: values.products
      .filter((row) => row.discount !== null)
      .map((row) => ({ productId: row.productId, variantId: row.variantId, discountPrice: toCents(row.discount ?? 0) })),
    includedSeries: values.includedSeries.map((series) => series.id),
  };
}

/** The fields publishing needs (§5 'Missing Sales Information'), as the form names them, that are empty. */
export function missingForPublish(values: Pick<CampaignFormValues, 'name' | 'startDate' | 'endDate'>): ('name' | 'startDate' | 'endDate')[] {
  const missing: ('name' | 'startDate' | 'endDate')[] = [];
  if (values.name.trim() === '') missing.push('name');
  if (!values.startDate) missing.push('startDate');
  if (!values.endDate) missing.push('endDate');
  return missing;
}

export const FIELD_LABELS = { name: 'Name', startDate: 'Start date', endDate: 'End date' } as const;

/** True when both dates are set and the end comes first ('End Date is before Start Date'). */
export function endsBeforeStart(values: Pick<CampaignFormValues, 'startDate' | 'endDate'>): boolean {
  return Boolean(values.startDate && values.endDate && Date.parse(values.endDate) < Date.parse(values.startDate));
}
