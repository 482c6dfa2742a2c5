import type { ServiceLocation } from '../types';

/**
 * `proto/inkwell/order/v1/customers.proto`: the addresses a user used in their orders, asked by the
 * account service for the dashboard's user detail. The proto's comments document each field.
 */
export const ORDER_CUSTOMERS: ServiceLocation = { proto: 'inkwell/order/v1/customers.proto', service: 'inkwell.order.v1.Customers' };

export interface ListAddressesRequest {
  userId: string;
  limit: number;
}

export interface CustomerAddress {
  firstName: string;
  surName: string;
  companyName: string;
  country: string;
  address: string;
  locality: string;
  postalCode: string;
  administrativeArea: string;
  phoneNumber: string;
  email: string;
  isShippingAddress: boolean;
  isBillingAddress: boolean;
  lastUsedAt: string;
}

export interface ListAddressesResponse {
  addresses: CustomerAddress[];
}

export interface CustomersService {
  listAddresses(request: ListAddressesRequest): Promise<ListAddressesResponse>;
}
