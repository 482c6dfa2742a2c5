import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CART_CHECKOUT, EVENTS, type CartCheckoutService, type Database, type Outbox, type ServiceDefinition } from '@inkwell/platform';
import { eraseAccountCarts } from './consumers/account-erasure';
import { forgetGiftHolder, giftCouponOfBadge } from './consumers/gift-coupons';
import { ensureDemoCoupons } from './demo/coupons';
import type { CartDeps } from './flows/cart-session';
import { checkoutHandlers } from './grpc/checkout-server';
import { GrpcCatalogProducts } from './peers/catalog';
import { GrpcOwnedProducts } from './peers/entitlements';
import { cartRoutes } from './routes/cart';
import { couponRoutes } from './routes/coupons';
import { dashboardCouponRoutes } from './routes/dashboard-coupons';

const here = path.dirname(fileURLToPath(import.meta.url));

export { DEMO_COUPONS } from './demo/coupons';
export { setCartStatus } from './store/carts';
export { redeemCoupon } from './store/coupons';

/** What scripts and tests reach of a running cart service. */
export interface CartParts {
  db: Database;
  /** For checkout's redemption of a coupon (redeemCoupon) in tests until the order service calls it. */
  outbox: Outbox;
}

/**
 * Cart: carts keyed by the browser's guest id, their items and quantity rules, and coupons. Prices
 * and purchasability come from the catalog over gRPC whenever a cart is read or changed, ownership
 * from the reader's entitlements; every change writes `cart.updated` through the outbox.
 */
export const cartService: ServiceDefinition<CartParts> = {
  name: 'cart',
  migrationsDir: path.resolve(here, '../migrations'),
  async setup(context) {
    const cart: CartDeps = {
      db: context.db,
      outbox: context.outbox,
      catalog: new GrpcCatalogProducts(context.config.peers.catalog.grpcAddress),
      owned: new GrpcOwnedProducts(context.config.peers.reader.grpcAddress),
      now: () => new Date(),
    };
    const deps = { context, cart };
    return {
      async routes(app) {
        await cartRoutes(app, deps);
        await couponRoutes(app, deps);
        await dashboardCouponRoutes(app, deps);
      },
      grpc(server) {
        server.addService<CartCheckoutService>(CART_CHECKOUT.proto, CART_CHECKOUT.service, checkoutHandlers(cart));
      },
      subscriptions: [
        { group: 'account-erasure', types: [EVENTS.accountDeleted.type], effect: eraseAccountCarts },
        { group: 'gift-coupons', types: [EVENTS.badgeClaimed.type], effect: giftCouponOfBadge(context.logger) },
        { group: 'gift-coupon-erasure', types: [EVENTS.accountDeleted.type], effect: forgetGiftHolder },
      ],
      async onStart() {
        if (context.config.demoData) await ensureDemoCoupons(context.db);
      },
      async close() {
        cart.catalog.close();
        cart.owned.close();
      },
      exposed: { db: context.db, outbox: context.outbox },
    };
  },
};
