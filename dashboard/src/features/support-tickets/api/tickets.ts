/**
 * The Support tickets area's calls (contract: contracts/src/dashboard-support.ts). The support
 * service answers `/dashboard/support-tickets…` and the templates; the account service the
 * customer lookup and the order service the customer's orders.
 */
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { OrderListRow, UserListEntry } from '@inkwell/contracts/dashboard-customers';
import type { Paginated } from '@inkwell/contracts/dashboard';
import type {
  AssignableUser,
  BulkEditBody,
  BulkEditResultSchema,
  EmailTemplate,
  ReplyPreviewSchema,
  SendReplyBody,
  TagInput,
  Ticket,
  TicketPage,
  TicketTag,
} from '@inkwell/contracts/dashboard-support';
import { api, ApiError, buildApiUrl, renewAccessToken, type EnvelopeStatus } from '@inkwell/ui-kit/api-client';
import { getAccessToken } from '@inkwell/ui-kit/storage';
import type { PageParams } from '@/components/data-table/use-paged-query';
import { staffApi } from '@/lib/staff-api';
import { ticketSearchBody, type TicketFilter } from '../ticket-rules';

export type ReplyPreview = Static<typeof ReplyPreviewSchema>;
export type BulkEditResult = Static<typeof BulkEditResultSchema>;

const BASE = '/dashboard/support-tickets';
export const ticketsQueryKey = ['support-tickets'] as const;
export const ticketQueryKey = (id: number) => [...ticketsQueryKey, 'detail', id] as const;
const tagsQueryKey = [...ticketsQueryKey, 'tags'] as const;

/** `POST post-pagination`: a page of the inbox with the tabs' counts. */
export function getTicketPage(params: PageParams<TicketFilter>, signal?: AbortSignal): Promise<TicketPage> {
  return staffApi.post<TicketPage>(`${BASE}/post-pagination`, ticketSearchBody(params), { signal });
}

/** Where a message's attachment, or the raw email, downloads from (with the staff token: see {@link downloadFile}). */
export const attachmentPath = (id: number) => `${BASE}/attachment/${id}`;
export const rawMessagePath = (id: number) => `${BASE}/raw-message/${id}`;

export const ticketQueryOptions = (id: number) =>
  queryOptions({ queryKey: ticketQueryKey(id), queryFn: ({ signal }) => staffApi.get<Ticket>(`${BASE}/get/${id}`, { signal }), staleTime: 0 });

/** A reply still waiting for the provider: the ticket is read again every 2 s until none is. */
const inFlight = (ticket: Ticket | undefined) => ticket?.messages.some((message) => message.type === 'Email' && message.direction === 'Outbound' && message.status === 'Queued') ?? false;

export function useTicket(id: number) {
  return useQuery({
    ...ticketQueryOptions(id),
    enabled: Number.isSafeInteger(id) && id > 0,
    refetchInterval: (query) => (inFlight(query.state.data) ? 2000 : false),
  });
}

export function useTicketTags() {
  return useQuery({ queryKey: tagsQueryKey, queryFn: ({ signal }) => staffApi.get<TicketTag[]>(`${BASE}/tags`, { signal }), staleTime: 30_000 });
}

export function useAssignableUsers() {
  return useQuery({
    queryKey: [...ticketsQueryKey, 'assignable-users'],
    queryFn: ({ signal }) => staffApi.get<AssignableUser[]>(`${BASE}/assignable-users`, { signal }),
    staleTime: 5 * 60_000,
  });
}

/** After any change the inbox pages, the tags' counts and the changed tickets are read again. */
function useInvalidateTickets() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: ticketsQueryKey });
}

export function useSaveTag() {
  const invalidate = useInvalidateTickets();
  return useMutation({ mutationFn: (tag: TagInput) => staffApi.post<TicketTag>(`${BASE}/tags/add-or-update`, tag), onSuccess: invalidate });
}

export function useBulkEdit() {
  const invalidate = useInvalidateTickets();
  return useMutation({ mutationFn: (body: BulkEditBody) => staffApi.post<BulkEditResult>(`${BASE}/bulk-edit`, body), onSettled: invalidate });
}

export function useMarkRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: { ticketIds: number[]; read: boolean }) => staffApi.post<unknown>(`${BASE}/mark-read`, body),
    // The inbox's bold rows and counts change; the open ticket itself need not be read again.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: [...ticketsQueryKey, 'page'] }),
  });
}

export function previewReply(body: SendReplyBody, signal?: AbortSignal): Promise<ReplyPreview> {
  return staffApi.post<ReplyPreview>(`${BASE}/preview-email`, body, { signal });
}

/**
 * `send-email` with the draft's `Idempotency-Key`: sent twice (a double click, a retry after a lost
 * answer) it sends one reply and answers it again.
 */
export function useSendReply() {
  const invalidate = useInvalidateTickets();
  return useMutation({
    mutationFn: async ({ body, idempotencyKey }: { body: SendReplyBody; idempotencyKey: string }) =>
      (await api.post<unknown>(`${BASE}/send-email`, body, { headers: { 'Idempotency-Key': idempotencyKey } })).data,
    onSettled: invalidate,
  });
}

export function useRetrySend() {
  const invalidate = useInvalidateTickets();
  return useMutation({ mutationFn: (messageId: number) => staffApi.post<unknown>(`${BASE}/retry-send-email/${messageId}`), onSettled: invalidate });
}

/** Database templates for the reply editor (`POST /dashboard/emailTemplates/db-templates`), by name. */
export function useReplyTemplates() {
  return useQuery({
    queryKey: [...ticketsQueryKey, 'reply-templates'],
    queryFn: ({ signal }) => staffApi.post<Paginated<EmailTemplate>>('/dashboard/emailTemplates/db-templates', { pageNumber: 1, pageSize: 100 }, { signal }),
    staleTime: 60_000,
  });
}

/** The customer's account, found by their address (`GET /dashboard/users?query=`), if one has exactly it. */
export function useCustomerAccount(email: string) {
  return useQuery({
    queryKey: [...ticketsQueryKey, 'customer', email.toLowerCase()],
    queryFn: async ({ signal }) => {
      const found = await staffApi.get<UserListEntry[]>('/dashboard/users', { query: { query: email, count: 5 }, signal });
      return found.find((user) => user.email.toLowerCase() === email.toLowerCase()) ?? null;
    },
    enabled: email !== '',
    staleTime: 60_000,
  });
}

/** The customer's latest orders (`POST /dashboard/users/paginated-orders`). */
export function useCustomerOrders(userId: string | undefined) {
  return useQuery({
    queryKey: [...ticketsQueryKey, 'customer-orders', userId],
    queryFn: ({ signal }) =>
      staffApi.post<Paginated<OrderListRow>>('/dashboard/users/paginated-orders', undefined, { query: { userId: userId ?? '', page: 1, pageSize: 5 }, signal }),
    enabled: Boolean(userId),
    staleTime: 60_000,
  });
}

async function fetchFile(path: string, token: string | null): Promise<Response> {
  return fetch(buildApiUrl(path), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/**
 * An attachment or a raw message (`attachment/{id}`, `raw-message/{id}`): fetched with the staff
 * token (a plain link would carry none) and saved under the server's file name.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<void> {
  let res = await fetchFile(path, getAccessToken());
  if (res.status === 401) {
    const renewed = await renewAccessToken();
    if (renewed) res = await fetchFile(path, renewed);
  }
  if (!res.ok) {
    let message = `The download was refused (HTTP ${res.status}).`;
    try {
      const envelope = (await res.json()) as { status?: EnvelopeStatus };
      if (envelope.status?.message) message = envelope.status.message;
    } catch {
      // Not an envelope; the HTTP status says enough.
    }
    throw new ApiError(res.status, `Http${res.status}`, message);
  }
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const named = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(disposition)?.[1];
  const url = URL.createObjectURL(await res.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = named ? decodeURIComponent(named) : fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
