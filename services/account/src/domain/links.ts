/** What an emailed link does when followed. */
export type LinkPurpose = 'verify-email' | 'reset-password' | 'change-email';

/**
 * Storefront pages the links open: each reads the `token` parameter and posts it to the account
 * API (verifyEmail, changePassword, completeChangeEmail).
 */
export const LINK_PATHS: Record<LinkPurpose, string> = {
  'verify-email': '/email-verified/',
  'reset-password': '/reset-password/',
  'change-email': '/change-email/',
};

/** `${publicUrl}${page}?token=…`: the link a mail carries. */
export function linkUrl(publicUrl: string, purpose: LinkPurpose, token: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${LINK_PATHS[purpose]}?token=${encodeURIComponent(token)}`;
}
