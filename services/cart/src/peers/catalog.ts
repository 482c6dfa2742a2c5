import { CATALOG, createGrpcClient, DomainError, askPeer, type CatalogService, type GrpcClient, type ProductSummary } from '@inkwell/platform';
import { CART_MESSAGES, type CatalogProduct, type PricedVariant } from '../domain';

/** 503 when the catalog cannot answer: the cart cannot be priced without it. */
export class CatalogUnavailableError extends DomainError {
  constructor() {
    super(503, 'ServiceUnavailable', CART_MESSAGES.catalogUnavailable);
  }
}

/**
 * The catalog's products as the cart prices them, asked whenever a cart is read or changed (prices
 * and purchasability never come from the client). Driver: `GrpcCatalogProducts`, at
 * `config.peers.catalog.grpcAddress` (CATALOG_GRPC_ADDR).
 */
export interface CatalogProducts {
  /** By id; unknown ids are missing from the map. */
  products(ids: readonly number[]): Promise<Map<number, CatalogProduct>>;
  close(): void;
}

const orNull = (value: string): string | null => (value === '' ? null : value);

export function catalogProductOf(summary: ProductSummary): CatalogProduct {
  return {
    id: Number(summary.id),
    name: summary.name,
    readableUrl: orNull(summary.readableUrl),
    thumbnailUrl: orNull(summary.thumbnailUrl),
    seriesId: summary.seriesId === '' ? null : Number(summary.seriesId),
    status: summary.status,
    publishDate: orNull(summary.publishDate),
    restrictedTerritories: summary.restrictedTerritories,
    variants: summary.variants.flatMap((variant): PricedVariant[] =>
      variant.type === 'Digital' || variant.type === 'Print'
        ? [{
            id: Number(variant.id),
            type: variant.type,
            priceType: variant.priceType,
            priceCents: Number(variant.priceCents),
            fullPriceCents: Number(variant.fullPriceCents || variant.priceCents),
            isOnSale: variant.isOnSale,
            currency: variant.currency,
            cartLimit: variant.cartLimit > 0 ? variant.cartLimit : null,
            scheduleDate: orNull(variant.scheduleDate),
            isPreOrder: variant.isPreOrder,
            parcel: variant.parcel ?? null,
          }]
        : [],
    ),
  };
}

/** Stays under the catalog's limit per call (MAX_PRODUCTS_PER_CALL). */
const BATCH = 500;

export class GrpcCatalogProducts implements CatalogProducts {
  private readonly client: GrpcClient<CatalogService>;

  constructor(address: string) {
    this.client = createGrpcClient<CatalogService>(CATALOG.proto, CATALOG.service, address);
  }

  async products(ids: readonly number[]): Promise<Map<number, CatalogProduct>> {
    const found = new Map<number, CatalogProduct>();
    const unique = [...new Set(ids)].map(String);
    for (let start = 0; start < unique.length; start += BATCH) {
      const { products } = await this.call(() => this.client.getProducts({ ids: unique.slice(start, start + BATCH), country: '' }));
      for (const product of products) found.set(Number(product.id), catalogProductOf(product));
    }
    return found;
  }

  close(): void {
    this.client.close();
  }

  private call<T>(request: () => Promise<T>): Promise<T> {
    return askPeer(request, () => new CatalogUnavailableError());
  }
}
