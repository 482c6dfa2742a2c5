import type { Static } from '@sinclair/typebox';
import type { UserAddressSchema } from '@inkwell/contracts/dashboard-customers';
import { ORDER_CUSTOMERS, createGrpcClient, type CustomersService, type GrpcClient, type Logger } from '@inkwell/platform';

export type UserAddress = Static<typeof UserAddressSchema>;

/** How long the user detail waits for the order service before showing the page without addresses. */
export const ADDRESSES_DEADLINE_MS = 1500;
/** At most this many addresses on the user detail (the proto's own limit is 50). */
export const ADDRESSES_LIMIT = 20;

/**
 * The addresses a user used in their orders, asked of the order service
 * (`inkwell.order.v1.Customers`, proto/inkwell/order/v1/customers.proto) at
 * `config.peers.order.grpcAddress` (ORDER_GRPC_ADDR). The user detail is staff's page about the
 * account, so an order service that cannot answer (down, restarting, older without the RPC) costs
 * the page its addresses only: `undefined`, logged as a warning, never a failed page.
 */
export class OrderCustomers {
  private readonly client: GrpcClient<CustomersService>;

  constructor(
    address: string,
    private readonly logger: Pick<Logger, 'warn'>,
  ) {
    // Not waiting for a peer that is not connected: the page answers at once without addresses.
    this.client = createGrpcClient<CustomersService>(ORDER_CUSTOMERS.proto, ORDER_CUSTOMERS.service, address, { deadlineMs: ADDRESSES_DEADLINE_MS, waitForReady: false });
  }

  async addresses(userId: string): Promise<UserAddress[] | undefined> {
    try {
      const { addresses } = await this.client.listAddresses({ userId, limit: ADDRESSES_LIMIT });
      return (addresses ?? []).map((item) => {
        const lastUsed = new Date(item.lastUsedAt);
        return {
          firstName: item.firstName,
          surName: item.surName,
          companyName: item.companyName || null,
          country: item.country,
          address: item.address,
          locality: item.locality,
          postalCode: item.postalCode,
          administrativeArea: item.administrativeArea,
          phoneNumber: item.phoneNumber,
          email: item.email,
          isShippingAddress: item.isShippingAddress,
          isBillingAddress: item.isBillingAddress,
          lastUsedAt: (Number.isNaN(lastUsed.getTime()) ? new Date(0) : lastUsed).toISOString(),
        };
      });
    } catch (error) {
      // The user id stays out of the log: the warning is about the peer, not the person.
      const reason = error instanceof Error ? error.message : String(error);
      this.logger.warn({ reason }, "the order service did not list the user's addresses; the user detail shows none");
      return undefined;
    }
  }

  close(): void {
    this.client.close();
  }
}
