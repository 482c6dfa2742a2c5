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

export interface AccountAdminService {
  eraseAccount(request: EraseAccountRequest): Promise<EraseAccountResponse>;
}
