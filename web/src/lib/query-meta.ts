/**
 * Query `meta` the storefront gives meaning to. Logout removes every cached answer (storefront spec
 * §4: account, carts, books and progress go) except those marked here: the answer to a one-time
 * link (email verified, email changed) is already spent, and asking again would turn a success on
 * screen into "invalid link".
 */
export const KEEP_ON_LOGOUT = { keepOnLogout: true } as const;

export function survivesLogout(meta: Record<string, unknown> | undefined): boolean {
  return meta?.keepOnLogout === true;
}
