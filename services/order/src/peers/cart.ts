import { CART_CHECKOUT, createGrpcClient, DomainError, GrpcCallError, type CartCheckoutService, type CheckoutCart, type GrpcClient, type HoldCartRequest, type ReadCartRequest } from '@inkwell/platform';
import { ORDER_SERVICE_MESSAGES } from '../domain/messages';

/** How long a checkout call to the cart may take before the shopper is told to try again. */
export const CART_DEADLINE_MS = 15_000;

/** 503 when the cart service cannot answer: nothing can be priced or held without it. */
export class CartUnavailableError extends DomainError {
  constructor() {
    super(503, 'ServiceUnavailable', ORDER_SERVICE_MESSAGES.cartUnavailable);
  }
}

/**
 * The cart service's checkout calls (proto/inkwell/cart/v1/checkout.proto), at
 * `config.peers.cart.grpcAddress` (CART_GRPC_ADDR). Domain failures pass through as the cart said
 * them (a 409 for a held or closed cart, 403 for another account's), unreachable becomes a 503.
 */
export interface CartCheckout {
  /** The cart priced now; never holds it. */
  read(request: ReadCartRequest): Promise<CheckoutCart>;
  /** The cart priced now and held for the purchase (Open → Purchasing); the same purchase asking again gets the held cart. */
  hold(request: HoldCartRequest): Promise<CheckoutCart>;
  /** Gives the cart back (Purchasing → Open) for the purchase's payment attempt (`holdId`, '' for any); the attempt is ended even when its hold has not landed. */
  release(cartId: string, purchaseId: string, holdId: string): Promise<CheckoutCart>;
  close(cartId: string, purchaseId: string): Promise<CheckoutCart>;
  redeemCoupon(request: { code: string; userId: string; orderId: string; saveAmount: number; currency: string }): Promise<{ redeemed: boolean; problem: string }>;
  shutdown(): void;
}

const STATUS_OF: Readonly<Record<string, [number, string]>> = {
  INVALID_ARGUMENT: [400, 'BadRequest'],
  PERMISSION_DENIED: [403, 'Forbidden'],
  NOT_FOUND: [404, 'NotFound'],
  FAILED_PRECONDITION: [409, 'Conflict'],
};

async function call<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof GrpcCallError) {
      if (error.code === 'UNAVAILABLE' || error.code === 'DEADLINE_EXCEEDED') throw new CartUnavailableError();
      const known = STATUS_OF[error.code];
      if (known) throw new DomainError(known[0], known[1], error.details);
    }
    throw error;
  }
}

export class GrpcCartCheckout implements CartCheckout {
  private readonly client: GrpcClient<CartCheckoutService>;

  constructor(address: string) {
    // Under a rush the cart answers late rather than not at all: a shopper waits for it (a deadline
    // that fits the load), and for a cart restarting meanwhile (the client waits for a peer that is
    // not connected yet); only a cart still down at the deadline is a 503.
    this.client = createGrpcClient<CartCheckoutService>(CART_CHECKOUT.proto, CART_CHECKOUT.service, address, { deadlineMs: CART_DEADLINE_MS });
  }

  read(request: ReadCartRequest): Promise<CheckoutCart> {
    return call(() => this.client.readCart(request));
  }

  hold(request: HoldCartRequest): Promise<CheckoutCart> {
    return call(() => this.client.holdCart(request));
  }

  release(cartId: string, purchaseId: string, holdId: string): Promise<CheckoutCart> {
    return call(() => this.client.releaseCart({ cartId, purchaseId, holdId }));
  }

  close(cartId: string, purchaseId: string): Promise<CheckoutCart> {
    return call(() => this.client.closeCart({ cartId, purchaseId }));
  }

  redeemCoupon(request: { code: string; userId: string; orderId: string; saveAmount: number; currency: string }): Promise<{ redeemed: boolean; problem: string }> {
    return call(() => this.client.redeemCoupon(request));
  }

  shutdown(): void {
    this.client.close();
  }
}
