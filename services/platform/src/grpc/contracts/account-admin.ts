import type { ServiceLocation } from '../types';

/**
 * `proto/inkwell/account/v1/account_admin.proto`: erasure of an account asked by the order service
 * (`POST /user/deletesubscriptionandcustomer`). The proto's comments document each field.
 */
export const ACCOUNT_ADMIN: ServiceLocation = { proto: 'inkwell/account/v1/account_admin.proto', service: 'inkwell.account.v1.AccountAdmin' };

export interface EraseAccountRequest {
  userId: string;
  actorId: string;
  actorEmail: string;
}

export interface EraseAccountResponse {
  erased: boolean;
}

/** ListStaff takes nothing. */
export type ListStaffRequest = Record<string, never>;

export interface StaffAccount {
  userId: string;
  email: string;
  /** Empty when the account has no display name. */
  name: string;
  roles: string[];
}

export interface ListStaffResponse {
  staff: StaffAccount[];
}

export interface AccountAdminService {
  eraseAccount(request: EraseAccountRequest): Promise<EraseAccountResponse>;
  /** Every account with a staff role (admin, support, finance), by email. */
  listStaff(request: ListStaffRequest): Promise<ListStaffResponse>;
}
