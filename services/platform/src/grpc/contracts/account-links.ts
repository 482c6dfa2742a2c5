import type { ServiceLocation } from '../types';

/**
 * `proto/inkwell/account/v1/account_links.proto`: the links of account mails, asked by the support
 * service with the link id an account event carried. The proto's comments document each field.
 */
export const ACCOUNT_LINKS: ServiceLocation = { proto: 'inkwell/account/v1/account_links.proto', service: 'inkwell.account.v1.AccountLinks' };

export interface IssueLinkRequest {
  linkId: string;
}

export interface IssueLinkResponse {
  url: string;
}

export interface AccountLinksService {
  issueLink(request: IssueLinkRequest): Promise<IssueLinkResponse>;
}
