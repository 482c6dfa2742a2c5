import { BadRequestError, type CustomersService, type Database, type ServiceHandlers } from '@inkwell/platform';
import { addressesOfUser } from '../store/staff-orders';

/** Most addresses one call answers (the proto's limit), and how many when the caller names none. */
export const MAX_ADDRESSES = 50;
const DEFAULT_ADDRESSES = 20;

/**
 * `inkwell.order.v1.Customers`: the addresses a user used in their orders, for the dashboard's user
 * detail (the account service asks). Distinct billing and shipping addresses, most recently used
 * first; an unknown user, or one erased, has none. A blank user id is INVALID_ARGUMENT.
 */
export function customerHandlers(db: Database): ServiceHandlers<CustomersService> {
  return {
    async listAddresses({ userId, limit }) {
      const id = (userId ?? '').trim();
      if (id === '') throw new BadRequestError('userId is required.', { field: 'userId' });
      const count = !limit || limit < 1 ? DEFAULT_ADDRESSES : Math.min(limit, MAX_ADDRESSES);
      const addresses = await addressesOfUser(db, id, count);
      return {
        addresses: addresses.map((address) => ({
          firstName: address.firstName,
          surName: address.surName,
          companyName: address.companyName ?? '',
          country: address.country,
          address: address.address,
          locality: address.locality,
          postalCode: address.postalCode,
          administrativeArea: address.administrativeArea,
          phoneNumber: address.phoneNumber,
          email: address.email,
          isShippingAddress: address.isShippingAddress,
          isBillingAddress: address.isBillingAddress,
          lastUsedAt: address.lastUsedAt,
        })),
      };
    },
  };
}
