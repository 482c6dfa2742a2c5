import type { ProductSummary } from '@inkwell/platform';

/**
 * A catalog product as the reader sees it: what decides who may read it, and what the reader and
 * the library show about it. Ids are decimal strings, as the catalog sends them.
 */
export interface Publication {
  id: string;
  name: string;
  readableUrl: string | null;
  /** 'Publication', 'Game' or 'Merchandise': only publications have pages. */
  category: string;
  /** 'Volume', 'Chapter', … */
  subCategory: string;
  seriesId: string | null;
  seriesTitle: string | null;
  seriesReadableUrl: string | null;
  seriesStatus: string | null;
  volumeNumber: number | null;
  chapterNumber: number | null;
  pageCount: number;
  reverseReadOrder: boolean;
  /** ISO 8601. */
  publishDate: string | null;
  /** Publish status by name ('Published', 'Draft', …). */
  status: string;
  /** Where it may not be read: its own and its series' restrictions, upper case. */
  restrictedTerritories: string[];
  readingPriceType: string;
  thumbnailUrl: string | null;
  variantIds: string[];
  /** The Digital variants: a comic without one is sold in print only, and nobody gets to read it. */
  digitalVariantIds: string[];
}

const orNull = (value: string): string | null => (value === '' ? null : value);

export function publicationOf(summary: ProductSummary): Publication {
  return {
    id: summary.id,
    name: summary.name,
    readableUrl: orNull(summary.readableUrl),
    category: summary.category,
    subCategory: summary.subCategory,
    seriesId: orNull(summary.seriesId),
    seriesTitle: orNull(summary.seriesTitle),
    seriesReadableUrl: orNull(summary.seriesReadableUrl),
    seriesStatus: orNull(summary.seriesStatus),
    volumeNumber: summary.volumeNumber?.value ?? null,
    chapterNumber: summary.chapterNumber?.value ?? null,
    pageCount: summary.pageCount,
    reverseReadOrder: summary.reverseReadOrder,
    publishDate: orNull(summary.publishDate),
    status: summary.status,
    restrictedTerritories: summary.restrictedTerritories,
    readingPriceType: summary.readingPriceType,
    thumbnailUrl: orNull(summary.thumbnailUrl),
    variantIds: summary.variants.map((variant) => variant.id),
    digitalVariantIds: summary.variants.filter((variant) => variant.type === 'Digital').map((variant) => variant.id),
  };
}

/**
 * The catalog's products, asked at request time (ARCHITECTURE: no service reads another's tables).
 * Driver: `GrpcCatalogPublications`, at `config.peers.catalog.grpcAddress` (CATALOG_GRPC_ADDR).
 */
export interface CatalogPublications {
  /** By product id or readable url; undefined when the catalog has no such product. */
  find(idOrReadableUrl: string): Promise<Publication | undefined>;
  /** By id; unknown ids are missing from the map. */
  findMany(ids: readonly string[]): Promise<Map<string, Publication>>;
  /** Every product of the series, whatever its status. */
  ofSeries(seriesId: string): Promise<Publication[]>;
  close(): void;
}
