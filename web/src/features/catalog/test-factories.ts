/**
 * Catalog views as the service sends them, for the storefront's unit tests: plain defaults that a
 * test overrides with only the fields its rule is about.
 */
import type { CreatorCreditView, ProductCardView, ReleaseDayView, SeriesCardView, VariantView } from './types';

let nextId = 1;

export function variantView(overrides: Partial<VariantView> = {}): VariantView {
  return {
    id: nextId++,
    type: 'Digital',
    enabled: true,
    priceType: 'Paid',
    price: 799,
    fullPrice: 799,
    isOnSale: false,
    currency: 'USD',
    scheduleDate: null,
    isPreOrder: false,
    cartLimit: null,
    purchasable: true,
    stockInfo: null,
    ...overrides,
  };
}

export function productCardView(overrides: Partial<ProductCardView> = {}): ProductCardView {
  const id = nextId++;
  return {
    id,
    kind: 'product',
    name: `Product ${id}`,
    displayName: null,
    readableUrl: null,
    category: 'Publication',
    subCategory: 'Volume',
    subCategoryId: 2,
    volumeNumber: null,
    chapterNumber: null,
    relativeName: null,
    publishDate: '2026-01-06T00:00:00.000Z',
    ageRating: 't',
    thumbnails: [],
    series: null,
    variants: [],
    fromPrice: null,
    isOnSale: false,
    isFree: false,
    isPreOrder: false,
    ...overrides,
  };
}

export function seriesCardView(overrides: Partial<SeriesCardView> = {}): SeriesCardView {
  const id = nextId++;
  return {
    id,
    kind: 'series',
    title: `Series ${id}`,
    readableUrl: null,
    color: null,
    ageRating: 't',
    completionStatus: null,
    thumbnails: [],
    genres: [],
    volumeCount: 0,
    chapterCount: 0,
    ...overrides,
  };
}

export function creditView(name: string, title: string, ordinal: number, hidden = false): CreatorCreditView {
  return { ordinal, hidden, title, creator: { id: nextId++, name } };
}

export function releaseDayView(date: string, productCount = 1): ReleaseDayView {
  return { date, products: Array.from({ length: productCount }, () => productCardView({ publishDate: date })) };
}
