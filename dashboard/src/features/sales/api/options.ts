/** What the campaign editor's pickers search as staff type, and a picked product's variants as sales rows. */
import type { Paginated } from '@inkwell/contracts/dashboard';
import type { SeriesListRow } from '@inkwell/contracts/dashboard-catalogue';
import { DIGITAL_VARIANT_ID, type SalesProduct } from '@inkwell/contracts/dashboard-merchandising';
import type { ProductListPage } from '@inkwell/contracts/dashboard-products';
import type { FieldOption } from '@/components/form/options';
import { getProduct } from '@/lib/api/get-product';
import { staffApi } from '@/lib/staff-api';

const OPTION_COUNT = 20;

/** Products (not bundles) matching what staff typed. */
export async function loadProductOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const page = await staffApi.get<ProductListPage>('/dashboard/product', {
    query: { query: search || undefined, count: OPTION_COUNT, includeBundles: false },
    signal,
  });
  return page.items.map((product) => ({ id: product.id, label: product.name, detail: `#${product.id} · ${product.distributionTypes.join(' & ') || 'no variants'}` }));
}

/** Series matching what staff typed. */
export async function loadSeriesOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const page = await staffApi.get<Paginated<SeriesListRow>>('/dashboard/series', { query: { query: search || undefined, count: OPTION_COUNT }, signal });
  return page.items.map((series) => ({ id: series.id, label: series.title, detail: `#${series.id} · ${series.status}` }));
}

/** A product's variants as rows of a campaign, each at its full price (the discount starts equal: not saved until changed). */
export async function productSalesRows(productId: number): Promise<SalesProduct[]> {
  const product = await getProduct(productId);
  return product.variants.map((variant) => ({
    id: null,
    productId: product.id,
    name: product.name,
    fullPrice: variant.price ?? 0,
    discountPrice: variant.price ?? 0,
    currency: variant.currency,
    seriesId: product.series?.id ?? null,
    variantId: variant.type === 'Digital' ? DIGITAL_VARIANT_ID : variant.id,
    inCampaign: false,
  }));
}
