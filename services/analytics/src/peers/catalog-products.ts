import { CATALOG, createGrpcClient, type CatalogService, type GrpcClient } from '@inkwell/platform';

/** What the analytics product dimension keeps of a catalog product. */
export interface ProductFacts {
  productId: string;
  name: string;
  seriesId: string | null;
  seriesTitle: string | null;
}

/**
 * The catalog's products for the product dimension (name, series), asked over gRPC
 * (inkwell.catalog.v1.Catalog/GetProducts at CATALOG_GRPC_ADDR). Unknown ids are missing from the
 * answer. A failure throws: the caller retries later, ingestion never waits for it.
 */
export interface CatalogProducts {
  products(ids: readonly string[]): Promise<Map<string, ProductFacts>>;
  close(): void;
}

/** Stays under the catalog's limit per call. */
const BATCH = 500;

export class GrpcCatalogProducts implements CatalogProducts {
  private readonly client: GrpcClient<CatalogService>;

  constructor(address: string) {
    this.client = createGrpcClient<CatalogService>(CATALOG.proto, CATALOG.service, address);
  }

  async products(ids: readonly string[]): Promise<Map<string, ProductFacts>> {
    const found = new Map<string, ProductFacts>();
    const unique = [...new Set(ids)];
    for (let start = 0; start < unique.length; start += BATCH) {
      const { products } = await this.client.getProducts({ ids: unique.slice(start, start + BATCH), country: '' });
      for (const product of products) {
        found.set(product.id, {
          productId: product.id,
          name: product.name,
          seriesId: product.seriesId === '' ? null : product.seriesId,
          seriesTitle: product.seriesTitle === '' ? null : product.seriesTitle,
        });
      }
    }
    return found;
  }

  close(): void {
    this.client.close();
  }
}
