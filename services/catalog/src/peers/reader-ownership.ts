import { createGrpcClient, DomainError, ENTITLEMENTS, askPeer, type EntitlementsService, type GrpcClient } from '@inkwell/platform';
import { LIBRARY_UNAVAILABLE_MESSAGE } from '../domain/messages';

/** The product ids the visitor of one request owns; asked at most once per request. */
export type OwnedProducts = () => Promise<ReadonlySet<number>>;

const NOTHING: ReadonlySet<number> = new Set();
const ownsNothing: OwnedProducts = async () => NOTHING;

/** 503 when the reader cannot say what a signed-in visitor owns: the catalog has no record of its own to guess from. */
export class OwnershipUnavailableError extends DomainError {
  constructor() {
    super(503, 'ServiceUnavailable', LIBRARY_UNAVAILABLE_MESSAGE);
  }
}

/**
 * Ownership as the reader, which owns entitlements, answers it (ListEntitlements over gRPC). Only
 * signed-in visitors own anything, and their answers are never cached across requests, so
 * anonymous reads, the cached ones, never make the call; a signed-in request makes it once,
 * however many products its page lists.
 */
export class ReaderOwnership {
  private readonly client: GrpcClient<EntitlementsService>;
  private readonly asked = new WeakMap<object, Promise<ReadonlySet<number>>>();

  constructor(address: string) {
    this.client = createGrpcClient<EntitlementsService>(ENTITLEMENTS.proto, ENTITLEMENTS.service, address);
  }

  /** What the request's signed-in visitor owns (nothing for an anonymous one). */
  of(request: { principal?: { userId: string } }): OwnedProducts {
    const userId = request.principal?.userId;
    if (userId === undefined) return ownsNothing;
    return () => {
      let owned = this.asked.get(request);
      if (!owned) {
        owned = this.ask(userId);
        this.asked.set(request, owned);
      }
      return owned;
    };
  }

  close(): void {
    this.client.close();
  }

  private async ask(userId: string): Promise<ReadonlySet<number>> {
    const { productIds } = await askPeer(() => this.client.listEntitlements({ userId }), () => new OwnershipUnavailableError());
    return new Set(productIds.map(Number));
  }
}
