import { useCallback, useMemo, useRef, useSyncExternalStore, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isAdmin, useAccount } from '@inkwell/ui-kit/account';
import { clearTokens, getAccessToken, subscribeToTokens } from '@inkwell/ui-kit/storage';
import { AuthContext, LoginStatus, type AuthState } from '../auth-context';

/**
 * Derives the login status from the stored access token and `GET /account`.
 *
 * A token the server rejects is renewed by the API client with the refresh token; if that fails
 * too the client drops both tokens, which lands here as "no token" and so LoggedOut. Any other
 * failure (server unreachable) also shows LoggedOut but keeps the tokens, so the reader is signed
 * in again on the next visit instead of being logged out by an outage.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const accessToken = useSyncExternalStore(subscribeToTokens, getAccessToken);
  const tokenAtStart = useRef(accessToken);
  const account = useAccount(accessToken);

  const logout = useCallback(() => {
    clearTokens();
    // Drops the account and everything fetched on its behalf (library, carts, progress).
    queryClient.clear();
  }, [queryClient]);

  const value = useMemo<AuthState>(() => {
    let status: LoginStatus;
    if (accessToken === null || account.isError) status = LoginStatus.LoggedOut;
    else if (account.isPending) status = accessToken === tokenAtStart.current ? LoginStatus.Unknown : LoginStatus.LoggingIn;
    else status = LoginStatus.LoggedIn;
    const current = status === LoginStatus.LoggedIn ? (account.data ?? null) : null;
    return {
      status,
      account: current,
      isAdmin: current !== null && isAdmin(current),
      logout,
    };
  }, [accessToken, account.isError, account.isPending, account.data, logout]);

  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}
