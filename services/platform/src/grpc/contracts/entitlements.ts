import type { ServiceLocation } from '../types';

/**
 * `proto/inkwell/reader/v1/entitlements.proto`: the reader's answer to who owns what, asked by the
 * catalog. The proto's comments document each field; these types restate its shape as
 * proto-loader delivers it.
 */
export const ENTITLEMENTS: ServiceLocation = { proto: 'inkwell/reader/v1/entitlements.proto', service: 'inkwell.reader.v1.Entitlements' };

export interface ListEntitlementsRequest {
  userId: string;
}

export interface ListEntitlementsResponse {
  /** Catalog product ids (decimal strings), each once. */
  productIds: string[];
}

export interface EntitlementsService {
  listEntitlements(request: ListEntitlementsRequest): Promise<ListEntitlementsResponse>;
}
