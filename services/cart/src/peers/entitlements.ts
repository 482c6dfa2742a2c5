import { createGrpcClient, ENTITLEMENTS, askPeer, type EntitlementsService, type GrpcClient } from '@inkwell/platform';
import { CatalogUnavailableError } from './catalog';

/**
 * What a signed-in reader owns, asked of its owner, the reader service (ARCHITECTURE: one owner per
 * fact). Driver: `GrpcOwnedProducts`, at `config.peers.reader.grpcAddress` (READER_GRPC_ADDR).
 */
export interface OwnedProducts {
  owned(userId: string): Promise<Set<number>>;
  close(): void;
}

export class GrpcOwnedProducts implements OwnedProducts {
  private readonly client: GrpcClient<EntitlementsService>;

  constructor(address: string) {
    this.client = createGrpcClient<EntitlementsService>(ENTITLEMENTS.proto, ENTITLEMENTS.service, address);
  }

  async owned(userId: string): Promise<Set<number>> {
    // Without the answer a Digital item might be sold twice: refuse for now rather than guess.
    const { productIds } = await askPeer(() => this.client.listEntitlements({ userId }), () => new CatalogUnavailableError());
    return new Set(productIds.map(Number));
  }

  close(): void {
    this.client.close();
  }
}
