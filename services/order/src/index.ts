import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createDesktopPlatform, EVENTS, ORDER_CUSTOMERS, type CustomersService, type Database, type Outbox, type ServiceDefinition } from '@inkwell/platform';
import { EmbeddedAddressVerifier, TableShippingRates } from './domain';
import { createPaymentProcessor, SimulatedPaymentProcessor, simulatedProviderPages, type ChosenProcessor } from './drivers/payments';
import { createTaxCalculator } from './drivers/tax';
import { DesktopAwarePayments } from './drivers/payments/desktop';
import { desktopTransactionRoutes } from './routes/desktop-transactions';
import { GrpcCartCheckout } from './peers/cart';
import { attachGuestPurchases } from './consumers/guest-purchases';
import { eraseErasedAccount } from './consumers/account-erasure';
import { eraseDesktopTransactions } from './consumers/desktop-erasure';
import { GrpcAccountAdmin } from './peers/account-admin';
import { staffErasureRoutes } from './routes/staff-erasure';
import type { CheckoutDeps } from './flows/deps';
import { DEFAULT_SWEEPER, releaseDueOrders, retryOwedUndos, startSweeper, sweepPurchases, type RunningSweeper, type SweeperOptions } from './flows/sweeper';
import { checkoutRoutes, handlePaymentEvent } from './routes/checkout';
import { paymentWebhookRoute } from './routes/payment-webhook';
import { systemCheckoutRoutes } from './routes/system-checkout';
import { staffRefundRoutes } from './routes/staff-refunds';
import { staffOrderRoutes } from './routes/staff-orders';
import { staffUserOrderRoutes } from './routes/staff-user-orders';
import { customerHandlers } from './grpc/customers';

const here = path.dirname(fileURLToPath(import.meta.url));

export { releaseDueOrders, retryOwedUndos, sweepPurchases };
export type { CheckoutDeps };

/** What scripts and tests reach of a running order service. */
export interface OrderParts {
  db: Database;
  outbox: Outbox;
  checkout: CheckoutDeps;
  payments: ChosenProcessor;
}

export interface OrderServiceOptions {
  /** The sweeper's timing (tests shorten it). */
  sweeper?: SweeperOptions;
  /** The clock the flows read (tests move it to a pre-order's release day). */
  now?: () => Date;
}

/**
 * Order: purchase requests priced from the cart service's hold on the cart (gRPC), shipping rates,
 * sales tax, address verification, payments through the payments port (the simulated processor,
 * or Stripe when its keys are set), orders and their statuses; every change through the outbox
 * (order.placed, order.completed, order.cancelled, order.refunded). A sweeper resumes purchases
 * left between states and completes pre-orders on their release day; the operations console reads
 * what it is watching (routes/system-checkout.ts). The checkout's counters are in flows/metrics.ts.
 */
export function createOrderService(options: OrderServiceOptions = {}): ServiceDefinition<OrderParts> {
  return {
    name: 'order',
    migrationsDir: path.resolve(here, '../migrations'),
    async setup(context) {
      const { payments: keys, publicUrl } = context.config;
      const payments = createPaymentProcessor(
        { STRIPE_SECRET_KEY: keys.stripeSecretKey, STRIPE_PUBLISHABLE_KEY: keys.stripePublishableKey, STRIPE_WEBHOOK_SECRET: keys.stripeWebhookSecret, STRIPE_API_URL: keys.stripeApiUrl, PUBLIC_URL: publicUrl },
        context.db,
        context.logger,
      );
      // The simulated processor's tables are its own schema, there only when it is the driver.
      if (payments instanceof SimulatedPaymentProcessor) await payments.prepare();
      // The desktop build's platform (docs/desktop.md): its micro-transactions are a second way to pay, beside the card processor.
      const desktop = createDesktopPlatform(context.config.desktop, context.db);
      const checkout: CheckoutDeps = {
        db: context.db,
        outbox: context.outbox,
        cart: new GrpcCartCheckout(context.config.peers.cart.grpcAddress),
        payments: new DesktopAwarePayments(payments, desktop, context.db, context.logger.child({ component: 'desktop-payments' })),
        rates: await TableShippingRates.fromFile(),
        tax: createTaxCalculator({ TAX_DRIVER: keys.taxDriver, STRIPE_SECRET_KEY: keys.stripeSecretKey, STRIPE_API_URL: keys.stripeApiUrl }),
        logger: context.logger,
        now: options.now ?? (() => new Date()),
        active: new Set(),
      };
      const verifier = new EmbeddedAddressVerifier();
      const accountAdmin = new GrpcAccountAdmin(context.config.peers.account.grpcAddress);
      const sweeperOptions = options.sweeper ?? { ...DEFAULT_SWEEPER, intervalMs: context.config.orders.sweepIntervalMs, staleAfterMs: context.config.orders.sweepStaleAfterMs };
      let sweeper: RunningSweeper | undefined;
      return {
        async routes(app) {
          await checkoutRoutes(app, { context, checkout, verifier });
          await app.register(paymentWebhookRoute, { processor: payments, handle: (event) => handlePaymentEvent(checkout, event) });
          if (payments instanceof SimulatedPaymentProcessor) await app.register(simulatedProviderPages, { processor: payments });
          await systemCheckoutRoutes(app, { context, staleAfterMs: sweeperOptions.staleAfterMs, lastSweepAt: () => sweeper?.lastSweepAt() ?? null });
          await staffOrderRoutes(app, { context, rates: checkout.rates, now: checkout.now });
          await staffUserOrderRoutes(app, context);
          await staffErasureRoutes(app, { context, payments, accounts: accountAdmin });
          await staffRefundRoutes(app, { context, checkout });
          await desktopTransactionRoutes(app, context, { checkout, platform: desktop });
        },
        subscriptions: [
          { group: 'guest-purchases', types: [EVENTS.accountVerified.type], effect: attachGuestPurchases(context.outbox) },
          { group: 'account-erasure', types: [EVENTS.accountDeleted.type], effect: eraseErasedAccount({ db: context.db, payments, logger: context.logger }) },
          { group: 'desktop-erasure', types: [EVENTS.accountDeleted.type], effect: eraseDesktopTransactions },
        ],
        grpc(server) {
          server.addService<CustomersService>(ORDER_CUSTOMERS.proto, ORDER_CUSTOMERS.service, customerHandlers(context.db));
        },
        async onStart() {
          if (payments instanceof SimulatedPaymentProcessor) {
            payments.onEvent((event) => handlePaymentEvent(checkout, event));
            payments.start();
          }
          sweeper = startSweeper(checkout, sweeperOptions);
        },
        async close() {
          await sweeper?.stop();
          if (payments instanceof SimulatedPaymentProcessor) await payments.stop();
          checkout.cart.shutdown();
          accountAdmin.close();
        },
        exposed: { db: context.db, outbox: context.outbox, checkout, payments },
      };
    },
  };
}

export const orderService = createOrderService();
