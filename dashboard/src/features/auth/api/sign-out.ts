import { api } from '@inkwell/ui-kit/api-client';
import { clearTokens, getRefreshToken } from '@inkwell/ui-kit/storage';

/**
 * Forgets the tokens at once and asks the account service to revoke the sign-in they belong to
 * (`POST /account/logout`). Signing out must not wait on the network nor fail because of it.
 */
export function signOut(): void {
  const refreshToken = getRefreshToken();
  clearTokens();
  if (refreshToken) void api.post<null>('/account/logout', { refresh_token: refreshToken }).catch(() => undefined);
}
