import type { LoginVariant } from '@/lib/auth';

/** The login overlay's titles (storefront spec §2), quoted exactly. */
export const LOGIN_TITLES: Record<LoginVariant, string> = {
  default: 'Log in or create a Reader account',
  checkout: 'Log in or Sign up to continue',
};
