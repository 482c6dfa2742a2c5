import type { ServiceLocation } from '../types';

/**
 * `proto/inkwell/catalog/v1/catalog.proto`, the catalog's answers to cart, order and reader. The proto's
 * comments are the documentation of each field; these types only restate its shape as
 * proto-loader delivers it (lowerCamelCase names, int64 as a decimal string).
 */
export const CATALOG: ServiceLocation = { proto: 'inkwell/catalog/v1/catalog.proto', service: 'inkwell.catalog.v1.Catalog' };

export interface GetProductsRequest {
  ids: string[];
  /** ISO 3166-1 alpha-2, '' when unknown. */
  country: string;
  /** Lower case; answered after the ids. */
  readableUrls?: string[];
}

export interface GetSeriesProductsRequest {
  seriesId: string;
}

export interface CatalogVariant {
  id: string;
  /** 'Digital' | 'Print' */
  type: string;
  priceType: string;
  /** Minor units as a decimal string: int64 is delivered as a string so no cent is ever rounded. */
  priceCents: string;
  currency: string;
  /** 0 means no limit. */
  cartLimit: number;
  scheduleDate: string;
  isPreOrder: boolean;
  /** Without a sale, minor units as a decimal string; equals priceCents when not on sale. */
  fullPriceCents: string;
  isOnSale: boolean;
  /** Print only: one unit's parcel (pounds, inches); null when the variant has no dimensions. */
  parcel?: CatalogParcel | null;
}

export interface CatalogParcel {
  weightLb: number;
  heightIn: number;
  widthIn: number;
  lengthIn: number;
}

export interface ProductSummary {
  id: string;
  name: string;
  readableUrl: string;
  seriesId: string;
  category: string;
  thumbnailUrl: string;
  variants: CatalogVariant[];
  ageRating: string;
  restrictedTerritories: string[];
  status: string;
  subCategory: string;
  /** '' without a series (as are its url and status). */
  seriesTitle: string;
  seriesReadableUrl: string;
  seriesStatus: string;
  /** null when the product has none (google.protobuf.Int32Value, so 0 stays a number). */
  volumeNumber: { value: number } | null;
  chapterNumber: { value: number } | null;
  pageCount: number;
  reverseReadOrder: boolean;
  /** ISO 8601, '' when none. */
  publishDate: string;
  readingPriceType: string;
}

export interface GetProductsResponse {
  products: ProductSummary[];
}

export interface CatalogService {
  getProducts(request: GetProductsRequest): Promise<GetProductsResponse>;
  getSeriesProducts(request: GetSeriesProductsRequest): Promise<GetProductsResponse>;
}
