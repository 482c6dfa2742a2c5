import { createContext, useContext } from 'react';
import type { Account } from '@inkwell/ui-kit/account';

/** Login status of storefront spec §4. */
export const LoginStatus = {
  /** A stored token is being validated on start; nothing is known yet. */
  Unknown: 'Unknown',
  /** A token appeared after start (a login here or in another tab) and is being validated. */
  LoggingIn: 'LoggingIn',
  LoggedIn: 'LoggedIn',
  LoggedOut: 'LoggedOut',
} as const;
export type LoginStatus = (typeof LoginStatus)[keyof typeof LoginStatus];

/**
 * Which login overlay to open: the plain one, or the one checkout shows before an anonymous
 * visitor may pay (storefront spec §2).
 */
export type LoginVariant = 'default' | 'checkout';

export interface LoginOptions {
  variant?: LoginVariant;
}

export interface AuthState {
  status: LoginStatus;
  account: Account | null;
  isAdmin: boolean;
  /** Opens the login / sign-up overlay. */
  openLogin: (options?: LoginOptions) => void;
  /** Ends the session here and on the server, and forgets everything kept for the account. */
  logout: () => void;
}

/** Who is logged in, read by every feature; the auth feature's `AuthProvider` is what fills it. */
export const AuthContext = createContext<AuthState | null>(null);

export function useAuth(): AuthState {
  const auth = useContext(AuthContext);
  if (!auth) throw new Error('useAuth must be used inside <AuthProvider>');
  return auth;
}
