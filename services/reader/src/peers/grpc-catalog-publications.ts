import { CATALOG, createGrpcClient, DomainError, askPeer, type CatalogService, type GrpcClient } from '@inkwell/platform';
import { READER_MESSAGES } from '../domain/messages';
import { publicationOf, type CatalogPublications, type Publication } from './publication';

/** Stays under the catalog's limit per call (MAX_PRODUCTS_PER_CALL). */
const BATCH = 500;

/** 503 when the catalog cannot answer: the reader cannot decide access without it. */
export class CatalogUnavailableError extends DomainError {
  constructor() {
    super(503, 'ServiceUnavailable', READER_MESSAGES.catalogUnavailable);
  }
}

export class GrpcCatalogPublications implements CatalogPublications {
  private readonly client: GrpcClient<CatalogService>;

  constructor(address: string) {
    this.client = createGrpcClient<CatalogService>(CATALOG.proto, CATALOG.service, address);
  }

  async find(idOrReadableUrl: string): Promise<Publication | undefined> {
    const byId = /^\d+$/.test(idOrReadableUrl);
    const { products } = await this.call(() =>
      this.client.getProducts({ ids: byId ? [idOrReadableUrl] : [], readableUrls: byId ? [] : [idOrReadableUrl.toLowerCase()], country: '' }),
    );
    return products[0] ? publicationOf(products[0]) : undefined;
  }

  async findMany(ids: readonly string[]): Promise<Map<string, Publication>> {
    const found = new Map<string, Publication>();
    for (let start = 0; start < ids.length; start += BATCH) {
      const { products } = await this.call(() => this.client.getProducts({ ids: ids.slice(start, start + BATCH), country: '' }));
      for (const product of products) found.set(product.id, publicationOf(product));
    }
    return found;
  }

  async ofSeries(seriesId: string): Promise<Publication[]> {
    const { products } = await this.call(() => this.client.getSeriesProducts({ seriesId }));
    return products.map(publicationOf);
  }

  close(): void {
    this.client.close();
  }

  private call<T>(request: () => Promise<T>): Promise<T> {
    return askPeer(request, () => new CatalogUnavailableError());
  }
}
