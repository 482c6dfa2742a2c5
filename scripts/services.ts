import { accountService } from '@inkwell/account';
import { analyticsService } from '@inkwell/analytics';
import { cartService } from '@inkwell/cart';
import { catalogService } from '@inkwell/catalog';
import { demoPageSource, startDemoCatalogue, type RunningDemo } from '@inkwell/demo';
import { orderService } from '@inkwell/order';
import type { BuiltService, ServiceDefinition, ServiceName } from '@inkwell/platform';
import { createReaderService } from '@inkwell/reader';
import { supportService } from '@inkwell/support';

/** Every service definition by name: what the launcher and the single-service entry start. */
export const SERVICES = {
  account: accountService,
  catalog: catalogService,
  cart: cartService,
  order: orderService,
  // Drawn demo pages for publications without uploaded ones, used when DEMO_DATA is on.
  reader: createReaderService({ drawnPages: demoPageSource }),
  analytics: analyticsService,
  support: supportService,
} satisfies Record<ServiceName, ServiceDefinition<unknown>>;

/** What a running service of that name exposes (the reader's page store, say). */
export type ExposedBy<N extends ServiceName> = (typeof SERVICES)[N] extends ServiceDefinition<infer Exposed> ? Exposed : never;

/**
 * DEMO_DATA, on the catalog's side: the demo catalogue written into the running catalog through its
 * store functions when it has no products yet, and its art rendered in the background.
 */
export async function startDemoData(catalog: BuiltService): Promise<RunningDemo | undefined> {
  return catalog.context.config.demoData ? startDemoCatalogue(catalog.context) : undefined;
}
