import type { ProductListPage } from '@inkwell/contracts/dashboard-products';
import type { FieldOption } from '@/components/form/options';
import { staffApi } from '@/lib/staff-api';

const OPTION_COUNT = 20;

/** Products (not bundles, removed ones left out) matching what staff typed, for a bundle's items. */
export async function loadProductOptions(search: string, signal: AbortSignal): Promise<FieldOption<number>[]> {
  const page = await staffApi.get<ProductListPage>('/dashboard/product', {
    query: { query: search || undefined, count: OPTION_COUNT, includeBundles: false },
    signal,
  });
  return page.items.map((product) => ({ id: product.id, label: product.name, detail: `#${product.id} · ${product.subCategory} · ${product.status}` }));
}
