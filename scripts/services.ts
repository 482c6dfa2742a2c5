import { accountService } from '@inkwell/account';
import { analyticsService } from '@inkwell/analytics';
import { cartService } from '@inkwell/cart';
import { catalogService } from '@inkwell/catalog';
import { orderService } from '@inkwell/order';
import type { ServiceDefinition, ServiceName } from '@inkwell/platform';
import { readerService } from '@inkwell/reader';
import { supportService } from '@inkwell/support';

/** Every service definition by name: what the launcher and the single-service entry start. */
export const SERVICES: Record<ServiceName, ServiceDefinition> = {
  account: accountService,
  catalog: catalogService,
  cart: cartService,
  order: orderService,
  reader: readerService,
  analytics: analyticsService,
  support: supportService,
};
