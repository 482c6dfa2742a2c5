/** The users list's URL state as the account service's search body, and other rules of the area that need no screen. */
import { ACCOUNT_ROLES, USER_EXPORT_FIELDS, USER_SORTS, type AccountRole, type UserSearchBody } from '@inkwell/contracts/dashboard-customers';

export type UserFilter = 'role' | 'verified';

interface ListParams {
  page: number;
  pageSize: number;
  sort: { id: string; desc: boolean } | null;
  search: string;
  filters: Partial<Record<UserFilter, string>>;
}

/**
 * `POST /dashboard/users/post-pagination`'s body for the list's state: a role or verified filter the
 * API does not know (an edited link) and a sort it does not offer are left out, not sent to be refused.
 */
export function userSearchBody(params: ListParams): UserSearchBody {
  const { role, verified } = params.filters;
  const sortBy = params.sort && (USER_SORTS as readonly string[]).includes(params.sort.id) ? (params.sort.id as UserSearchBody['sortBy']) : undefined;
  return {
    page: params.page,
    pageSize: params.pageSize,
    search: params.search.trim() || undefined,
    role: role && (ACCOUNT_ROLES as readonly string[]).includes(role) ? (role as AccountRole) : undefined,
    verified: verified === 'yes' ? true : verified === 'no' ? false : undefined,
    sortBy,
    sortDirection: sortBy ? (params.sort?.desc ? 'desc' : 'asc') : undefined,
  };
}

/** The chosen export fields in the file's column order (the contract's), unknown names dropped. */
export function exportFieldsInOrder(chosen: readonly string[]): string[] {
  return USER_EXPORT_FIELDS.filter((field) => chosen.includes(field));
}

/** Whether what staff typed confirms an erasure of `email` (surrounding spaces and case aside). */
export function confirmsErasure(typed: string, email: string): boolean {
  return email.trim() !== '' && typed.trim().toLowerCase() === email.trim().toLowerCase();
}
