/**
 * The Users area's calls (contract: contracts/src/dashboard-customers.ts). The account service
 * answers `/dashboard/users…`, the reader `/dashboard/users/products…`, the order service the
 * user's transactions, orders and `/user/deletesubscriptionandcustomer`.
 */
import { queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type { Paginated } from '@inkwell/contracts/dashboard';
import type { LogLevel } from '@inkwell/contracts/dashboard-catalogue';
import type {
  OrderListRow,
  StaffNote,
  UserAlterBody,
  UserDetail,
  UserExportJob,
  UserListEntry,
  UserProduct,
  UserTransaction,
} from '@inkwell/contracts/dashboard-customers';
import type { ProductListPage } from '@inkwell/contracts/dashboard-products';
import type { PageParams } from '@/components/data-table/use-paged-query';
import type { FieldOption } from '@/components/form/options';
import { staffApi } from '@/lib/staff-api';
import { userSearchBody, type UserFilter } from '../user-search';

/** Everything fetched about users; a change to a user invalidates by it. */
export const usersQueryKey = ['users'] as const;
export const userQueryKey = (id: string) => ['users', 'detail', id] as const;

export type { UserFilter } from '../user-search';

/** `POST /dashboard/users/post-pagination`: one page of users, searched by email, name or id. */
export function getUserPage(params: PageParams<UserFilter>, signal?: AbortSignal): Promise<Paginated<UserListEntry>> {
  return staffApi.post<Paginated<UserListEntry>>('/dashboard/users/post-pagination', userSearchBody(params), { signal });
}

export const userQueryOptions = (id: string) =>
  queryOptions({
    queryKey: userQueryKey(id),
    queryFn: ({ signal }) => staffApi.get<UserDetail>(`/dashboard/users/${encodeURIComponent(id)}`, { signal }),
  });

export const userProductsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['users', 'products', userId],
    queryFn: ({ signal }) => staffApi.get<UserProduct[]>('/dashboard/users/products', { query: { userId }, signal }),
  });

export const userTransactionsQueryOptions = (userId: string) =>
  queryOptions({
    queryKey: ['users', 'transactions', userId],
    queryFn: ({ signal }) => staffApi.get<UserTransaction[]>(`/dashboard/users/transactions/${encodeURIComponent(userId)}`, { signal }),
  });

/** `POST /dashboard/users/paginated-orders?userId&page&pageSize`. */
export function getUserOrders(userId: string, params: PageParams, signal?: AbortSignal): Promise<Paginated<OrderListRow>> {
  return staffApi.post<Paginated<OrderListRow>>('/dashboard/users/paginated-orders', undefined, {
    query: { userId, page: params.page, pageSize: params.pageSize },
    signal,
  });
}

/* ------------------------------------------------------------------ changes */

function useInvalidateUser(userId: string) {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: userQueryKey(userId) }),
      queryClient.invalidateQueries({ queryKey: ['users', 'page'] }),
      queryClient.invalidateQueries({ queryKey: ['users', 'products', userId] }),
    ]);
}

export function useAlterUser(userId: string) {
  const invalidate = useInvalidateUser(userId);
  return useMutation({
    mutationFn: (body: UserAlterBody) => staffApi.post<unknown>(`/dashboard/users/alter/${encodeURIComponent(userId)}`, body),
    onSuccess: invalidate,
  });
}

export function useAddUserNote(userId: string) {
  const invalidate = useInvalidateUser(userId);
  return useMutation({
    mutationFn: (note: { logLevel: LogLevel; message: string }) => staffApi.post<StaffNote>('/dashboard/users/addCustomNote', { userId, ...note }),
    onSuccess: invalidate,
  });
}

export function useSetRoles(userId: string) {
  const invalidate = useInvalidateUser(userId);
  return useMutation({
    mutationFn: ({ externalId, roles }: { externalId: string; roles: string[] }) =>
      staffApi.post<unknown>('/dashboard/users/SetRoles', { Auth0Id: externalId, NewRoles: roles }),
    onSuccess: invalidate,
  });
}

export function useUnsubscribe(userId: string) {
  const invalidate = useInvalidateUser(userId);
  return useMutation({
    mutationFn: (pending: boolean) => staffApi.post<unknown>('/dashboard/users/unsubscribe', undefined, { query: { userId, pending } }),
    onSuccess: invalidate,
  });
}

export function useVerification(userId: string) {
  const invalidate = useInvalidateUser(userId);
  return useMutation({
    mutationFn: (action: 'resend' | 'verify') => staffApi.post<unknown>(`/dashboard/users/${encodeURIComponent(userId)}/verification/${action}`),
    onSuccess: invalidate,
  });
}

/** `products/add` (a staff addition) or `products/compAdd` (a complimentary copy), by SKUs. */
export function useGrantProducts(userId: string) {
  const invalidate = useInvalidateUser(userId);
  return useMutation({
    mutationFn: ({ skus, reason, complimentary }: { skus: string[]; reason: string; complimentary: boolean }) =>
      staffApi.post<unknown>(`/dashboard/users/products/${complimentary ? 'compAdd' : 'add'}`, { userId, productSkus: skus, reason }),
    onSuccess: invalidate,
  });
}

export function useRemoveProduct(userId: string) {
  const invalidate = useInvalidateUser(userId);
  return useMutation({
    mutationFn: ({ id, reason }: { id: string; reason: string }) => staffApi.post<unknown>(`/dashboard/users/products/delete/${encodeURIComponent(id)}`, { reason }),
    onSuccess: invalidate,
  });
}

/** Erasure: `users/delete/{id}` (the account) or `/user/deletesubscriptionandcustomer` (the payment customer and subscription too). */
export function useEraseUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ userId, paymentCustomer }: { userId: string; paymentCustomer: boolean }) =>
      paymentCustomer
        ? staffApi.post<unknown>('/user/deletesubscriptionandcustomer', { userId })
        : staffApi.post<unknown>(`/dashboard/users/delete/${encodeURIComponent(userId)}`),
    // The erased user's page is left first (its query would answer 404); the route drops it after.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['users', 'page'] }),
  });
}

/* ------------------------------------------------------------------ exports */

export interface UserExportListEntry {
  jobId: string;
  created: string;
  isExpired: boolean;
  requestedById: string;
  requestedByEmail: string | null;
  status: UserExportJob['status'];
  rowsDone: number;
  rowsTotal: number;
}

export const exportsQueryKey = ['users', 'exports'] as const;

export const userExportsQueryOptions = queryOptions({
  queryKey: exportsQueryKey,
  queryFn: ({ signal }) => staffApi.get<UserExportListEntry[]>('/dashboard/users/user-export', { signal }),
});

export const userExportJobQueryOptions = (id: string) =>
  queryOptions({
    queryKey: [...exportsQueryKey, id],
    queryFn: ({ signal }) => staffApi.get<UserExportJob>(`/dashboard/users/user-export/${encodeURIComponent(id)}`, { signal }),
  });

export function useStartExport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { format: 'csv' | 'json'; fields: string[] }) => staffApi.post<UserExportJob>('/dashboard/users/user-export/start', body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: exportsQueryKey }),
  });
}

/* ------------------------------------------------------------------ the grant dialog's product picker */

/** Products matching what staff typed (the catalogue's staff list, bundles too); the option's id is the SKU the grant sends (the product id). */
export async function loadGrantOptions(search: string, signal: AbortSignal): Promise<FieldOption<string>[]> {
  const page = await staffApi.get<ProductListPage>('/dashboard/product', { query: { query: search || undefined, count: 20 }, signal });
  return page.items.map((product) => ({
    id: String(product.id),
    label: product.name,
    detail: `#${product.id}${product.readableUrl ? ` · ${product.readableUrl}` : ''} · ${product.status}`,
  }));
}
