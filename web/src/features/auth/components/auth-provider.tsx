import { lazy, Suspense, useCallback, useEffect, useMemo, useRef, useState, useSyncExternalStore, type ReactNode } from 'react';
import { useQuery, useQueryClient, type Query } from '@tanstack/react-query';
import { getAccountQueryOptions, isAdmin } from '@inkwell/ui-kit/account';
import { clearTokens, getAccessToken, getRefreshToken, subscribeToTokens } from '@inkwell/ui-kit/storage';
import { AuthContext, LoginStatus, type AuthState, type LoginOptions, type LoginVariant } from '@/lib/auth';
import { survivesLogout } from '@/lib/query-meta';
import { revokeSession } from '../api/logout';
import { forgetSessionData, tokenSubject } from '../session';

// Most visits never open it; its code loads on the first click on Login.
const LoginOverlay = lazy(() => import('./login-overlay'));

/**
 * Derives the login status of storefront spec §4 from the stored access token and `GET /account`,
 * and hosts the login overlay.
 *
 * A token the server rejects is renewed by the API client with the refresh token; if that fails
 * too the client drops both tokens, which lands here as "no token" and so LoggedOut. Any other
 * failure (server unreachable) also shows LoggedOut but keeps the tokens, so the reader is signed
 * in again on the next visit instead of being logged out by an outage. Tokens live in local
 * storage, so a login or logout in another tab arrives here as a token change too.
 */
export function AuthProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const accessToken = useSyncExternalStore(subscribeToTokens, getAccessToken);
  const tokenAtStart = useRef(accessToken);
  // Whose session this is; a renewed token keeps its owner. An unreadable token counts as one owner.
  const owner = accessToken === null ? null : (tokenSubject(accessToken) ?? '');
  const account = useQuery({
    ...getAccountQueryOptions(accessToken),
    // The token is renewed every 15 minutes; the same reader stays shown while the new one is checked.
    placeholderData: (previous) => (previous && previous.userid === owner ? previous : undefined),
    // A verification link is usually opened in another tab: coming back here should show it worked.
    refetchOnWindowFocus: (query) => query.state.data?.verified === false,
  });

  // The session ended (here, in another tab, or because the refresh token was refused) or another
  // reader took over: nothing fetched or kept for the previous one may stay.
  const previousOwner = useRef(owner);
  useEffect(() => {
    const previous = previousOwner.current;
    previousOwner.current = owner;
    if (previous === null || previous === owner) return;
    // Queries a screen is showing are reset instead (removing them would leave that screen waiting
    // on a query nobody answers, e.g. a reader opened with a stale token): they ask again as whoever
    // reads now.
    const previousOwners = (query: Query) => !survivesLogout(query.meta);
    queryClient.removeQueries({ predicate: (query) => previousOwners(query) && query.getObserversCount() === 0 });
    void queryClient.resetQueries({ predicate: (query) => previousOwners(query) && query.getObserversCount() > 0 });
    queryClient.getMutationCache().clear();
    forgetSessionData();
  }, [owner, queryClient]);

  const logout = useCallback(() => {
    const refreshToken = getRefreshToken();
    // The request is on its way before the tokens go. The session ends here whatever the server
    // answers: a refresh token it failed to revoke still expires on its own.
    if (refreshToken) revokeSession(refreshToken).catch(() => undefined);
    clearTokens();
  }, []);

  const [loginVariant, setLoginVariant] = useState<LoginVariant | null>(null);
  const openLogin = useCallback((options?: LoginOptions) => setLoginVariant(options?.variant ?? 'default'), []);
  const closeLogin = useCallback(() => setLoginVariant(null), []);

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
      openLogin,
      logout,
    };
  }, [accessToken, account.isError, account.isPending, account.data, openLogin, logout]);

  return (
    <AuthContext.Provider value={value}>
      {children}
      {loginVariant && (
        <Suspense fallback={null}>
          <LoginOverlay variant={loginVariant} onClose={closeLogin} />
        </Suspense>
      )}
    </AuthContext.Provider>
  );
}
