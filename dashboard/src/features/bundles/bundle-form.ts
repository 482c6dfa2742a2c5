/** The bundle editor's form (prices in dollars) and its save body (cents, spec §9). */
import { toCents } from '@inkwell/contracts/catalog-rules';
import { DASHBOARD_PRICE_TYPES } from '@inkwell/contracts/dashboard-products';
import type { BundleSaveBody, DashboardBundle } from '@inkwell/contracts/dashboard-catalogue';

export type BundlePriceType = (typeof DASHBOARD_PRICE_TYPES)[number];

export interface BundleItemFormValues {
  productId: number | null;
  name: string;
  /** Dollars. */
  price: number | null;
}

export interface BundleFormValues {
  name: string;
  description: string;
  readableUrl: string;
  thumbnailUrl: string;
  thumbnailWidth: number | null;
  thumbnailHeight: number | null;
  items: BundleItemFormValues[];
  priceType: BundlePriceType;
  price: number | null;
  currency: string;
  restrictedTerritories: string[];
}

const orNull = (value: string): string | null => (value.trim() === '' ? null : value.trim());

export function emptyBundleForm(): BundleFormValues {
  return {
    name: '',
    description: '',
    readableUrl: '',
    thumbnailUrl: '',
    thumbnailWidth: null,
    thumbnailHeight: null,
    items: [],
    priceType: 'Paid',
    price: null,
    currency: 'USD',
    restrictedTerritories: [],
  };
}

export function bundleToForm(bundle: DashboardBundle): BundleFormValues {
  return {
    name: bundle.name,
    description: bundle.description,
    readableUrl: bundle.readableUrl ?? '',
    thumbnailUrl: bundle.defaultThumbnail?.url ?? '',
    // 0 is how a thumbnail of unknown size is stored; the form shows it as not given.
    thumbnailWidth: bundle.defaultThumbnail?.width || null,
    thumbnailHeight: bundle.defaultThumbnail?.height || null,
    items: [...bundle.items].sort((a, b) => a.ordinal - b.ordinal).map((item) => ({ productId: item.productId, name: item.name, price: item.price / 100 })),
    priceType: DASHBOARD_PRICE_TYPES.find((type) => type === bundle.priceable.type) ?? 'Paid',
    price: bundle.priceable.price / 100,
    currency: bundle.priceable.currency,
    restrictedTerritories: bundle.geoRestrictable.restrictedTerritories,
  };
}

export function formToBundleSave(values: BundleFormValues): BundleSaveBody {
  const url = values.thumbnailUrl.trim();
  return {
    name: values.name.trim(),
    description: values.description,
    readableUrl: orNull(values.readableUrl),
    defaultThumbnail: url ? { url, width: values.thumbnailWidth ?? 0, height: values.thumbnailHeight ?? 0 } : null,
    items: values.items
      .filter((item): item is BundleItemFormValues & { productId: number } => item.productId !== null)
      .map((item) => ({ productId: item.productId, price: toCents(item.price ?? 0) })),
    priceable: { type: values.priceType, price: toCents(values.price ?? 0), currency: values.currency },
    geoRestrictable: { restrictedTerritories: values.restrictedTerritories },
  };
}

/** The sum of the items' prices in cents, to compare with the bundle's own price. */
export function itemsTotalCents(items: readonly BundleItemFormValues[]): number {
  return items.reduce((sum, item) => sum + toCents(item.price ?? 0), 0);
}
