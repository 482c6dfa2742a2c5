/**
 * The staff calls of the Email areas (dashboard spec §7 "Email templates", "Email provider and
 * delivery"; contracts/src/dashboard-support.ts): templates, scheduled and sent emails, the
 * provider's health and its verified identities.
 */
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { Static } from '@sinclair/typebox';
import type { Paginated } from '@inkwell/contracts/dashboard';
import type {
  EmailBudgetSchema,
  EmailIdentity,
  EmailMetricsSchema,
  EmailTemplate,
  ReputationMetrics,
  ScheduledEmail,
  ScheduledEmailMetricsSchema,
  SendQuota,
  SendStatisticsSchema,
  SentEmail,
  VerifiedIdentitiesSchema,
} from '@inkwell/contracts/dashboard-support';
import type { IdentityType, ScheduledEmailStatus, SentEmailStatus } from '@inkwell/contracts/support-rules';
import type { PageParams } from '@/components/data-table/use-paged-query';
import { staffApi } from '@/lib/staff-api';

export type EmailBudget = Static<typeof EmailBudgetSchema>;
export type ScheduledEmailMetrics = Static<typeof ScheduledEmailMetricsSchema>;
export type EmailMetrics = Static<typeof EmailMetricsSchema>;
export type SendStatistics = Static<typeof SendStatisticsSchema>;
export type VerifiedIdentities = Static<typeof VerifiedIdentitiesSchema>;
export type { EmailIdentity, EmailTemplate, ReputationMetrics, ScheduledEmail, SendQuota, SentEmail };

export const emailQueryKey = ['dashboard', 'email'] as const;
const TEMPLATES = '/dashboard/emailTemplates';

/* ------------------------------------------------------------ templates */

export const templatesQueryKey = [...emailQueryKey, 'templates'] as const;

/** `POST /dashboard/emailTemplates/db-templates`: database templates by name, searched. */
export function getTemplatePage(params: PageParams, signal?: AbortSignal): Promise<Paginated<EmailTemplate>> {
  const search = params.search.trim();
  return staffApi.post<Paginated<EmailTemplate>>(`${TEMPLATES}/db-templates`, { pageNumber: params.page, pageSize: params.pageSize, ...(search ? { search } : {}) }, { signal });
}

/** `GET /dashboard/emailTemplates/auth-templates`: read-only. */
export function useAuthTemplates() {
  return useQuery({
    queryKey: [...templatesQueryKey, 'auth'],
    queryFn: ({ signal }) => staffApi.get<EmailTemplate[]>(`${TEMPLATES}/auth-templates`, { signal }),
  });
}

/** `GET /dashboard/emailTemplates/auth-templates/{name}`. */
export function useAuthTemplate(name: string | undefined) {
  return useQuery({
    queryKey: [...templatesQueryKey, 'auth', name ?? ''],
    queryFn: ({ signal }) => staffApi.get<EmailTemplate>(`${TEMPLATES}/auth-templates/${encodeURIComponent(name ?? '')}`, { signal }),
    enabled: Boolean(name),
  });
}

export const templateKey = (id: number) => [...templatesQueryKey, 'db', id] as const;

/** `GET /dashboard/emailTemplates/db-templates/{id}`. */
export function useDbTemplate(id: number | undefined) {
  return useQuery({
    queryKey: templateKey(id ?? 0),
    queryFn: ({ signal }) => staffApi.get<EmailTemplate>(`${TEMPLATES}/db-templates/${id}`, { signal }),
    enabled: id !== undefined,
    staleTime: 0,
  });
}

export interface TemplateInput {
  name: string;
  description: string;
  subject: string;
  htmlBody: string;
  textBody: string;
}

function useTemplateSaved() {
  const queryClient = useQueryClient();
  return (saved: EmailTemplate) => {
    queryClient.setQueryData(templateKey(saved.id), saved);
    void queryClient.invalidateQueries({ queryKey: [...templatesQueryKey, 'page'] });
  };
}

/** `POST /dashboard/emailTemplates/db-templates/new`. */
export function useCreateTemplate() {
  const saved = useTemplateSaved();
  return useMutation({ mutationFn: (body: TemplateInput) => staffApi.post<EmailTemplate>(`${TEMPLATES}/db-templates/new`, body), onSuccess: saved });
}

/** `POST /dashboard/emailTemplates/db-templates/{id}/alter`. */
export function useAlterTemplate() {
  const saved = useTemplateSaved();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: Partial<TemplateInput> }) => staffApi.post<EmailTemplate>(`${TEMPLATES}/db-templates/${id}/alter`, body),
    onSuccess: saved,
  });
}

/** `POST /dashboard/emailTemplates/db-templates/{id}/test-email` (spec §3 Template test email). */
export function useSendTestEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, ToAddresses, MetaData }: { id: number; ToAddresses: string[]; MetaData: Record<string, string> }) =>
      staffApi.post<{ sentEmailIds: string[] }>(`${TEMPLATES}/db-templates/${id}/test-email`, { ToAddresses, MetaData }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: sentEmailsQueryKey }),
  });
}

/* ------------------------------------------------------------ scheduled emails */

export const scheduledEmailsQueryKey = [...emailQueryKey, 'scheduled'] as const;
export type ScheduledFilter = 'status';

/** `POST /dashboard/scheduled-emails/post-pagination`. */
export function getScheduledPage(params: PageParams<ScheduledFilter>, signal?: AbortSignal): Promise<Paginated<ScheduledEmail>> {
  const search = params.search.trim();
  const status = params.filters.status as ScheduledEmailStatus | undefined;
  return staffApi.post<Paginated<ScheduledEmail>>(
    '/dashboard/scheduled-emails/post-pagination',
    { pageNumber: params.page, pageSize: params.pageSize, ...(search ? { search } : {}), ...(status ? { statuses: [status] } : {}) },
    { signal },
  );
}

/** `GET /dashboard/scheduled-emails/budgets`. */
export function useBudgets() {
  return useQuery({
    queryKey: [...scheduledEmailsQueryKey, 'budgets'],
    queryFn: ({ signal }) => staffApi.get<EmailBudget[]>('/dashboard/scheduled-emails/budgets', { signal }),
  });
}

/** `GET /dashboard/scheduled-emails/metrics`. */
export function useScheduledMetrics() {
  return useQuery({
    queryKey: [...scheduledEmailsQueryKey, 'metrics'],
    queryFn: ({ signal }) => staffApi.get<ScheduledEmailMetrics>('/dashboard/scheduled-emails/metrics', { signal }),
  });
}

/** `POST /dashboard/scheduled-emails/cancel/{id}` (beyond the spec). */
export function useCancelScheduled() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => staffApi.post<ScheduledEmail>(`/dashboard/scheduled-emails/cancel/${id}`, {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: scheduledEmailsQueryKey }),
  });
}

/* ------------------------------------------------------------ sent emails */

export const sentEmailsQueryKey = [...emailQueryKey, 'sent'] as const;
export type SentFilter = 'status' | 'category';

/** `POST /dashboard/sent-emails/post-pagination`: search by recipient or subject. */
export function getSentPage(params: PageParams<SentFilter>, signal?: AbortSignal): Promise<Paginated<SentEmail>> {
  const search = params.search.trim();
  const status = params.filters.status as SentEmailStatus | undefined;
  const category = params.filters.category;
  return staffApi.post<Paginated<SentEmail>>(
    '/dashboard/sent-emails/post-pagination',
    { pageNumber: params.page, pageSize: params.pageSize, ...(search ? { search } : {}), ...(status ? { statuses: [status] } : {}), ...(category ? { category } : {}) },
    { signal },
  );
}

/** `POST /dashboard/sent-emails/metrics`: 15-minute points over [start, end). */
export function useSentMetrics(range: { start: string; end: string }) {
  return useQuery({
    queryKey: [...sentEmailsQueryKey, 'metrics', range],
    queryFn: ({ signal }) => staffApi.post<EmailMetrics>('/dashboard/sent-emails/metrics', range, { signal }),
    placeholderData: keepPreviousData,
  });
}

/* ------------------------------------------------------------ provider */

export const providerQueryKey = [...emailQueryKey, 'provider'] as const;

export function useSendQuota() {
  return useQuery({ queryKey: [...providerQueryKey, 'quota'], queryFn: ({ signal }) => staffApi.get<SendQuota>('/dashboard/email-provider/send-quota', { signal }) });
}

export function useSendStatistics() {
  return useQuery({ queryKey: [...providerQueryKey, 'statistics'], queryFn: ({ signal }) => staffApi.get<SendStatistics>('/dashboard/email-provider/send-statistics', { signal }) });
}

export function useReputation() {
  return useQuery({
    queryKey: [...providerQueryKey, 'reputation'],
    queryFn: ({ signal }) => staffApi.get<ReputationMetrics>('/dashboard/email-provider/reputation-metrics', { signal }),
  });
}

/** `POST /dashboard/email-provider/verified-identities` (spec §3 Email verified-identities request). */
export function useIdentities(identityType: IdentityType | null, nextToken: string | null) {
  return useQuery({
    queryKey: [...providerQueryKey, 'identities', identityType, nextToken],
    queryFn: ({ signal }) => staffApi.post<VerifiedIdentities>('/dashboard/email-provider/verified-identities', { identityType, nextToken }, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** `POST /dashboard/email-provider/verify-email/{id}`. */
export function useVerifyIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => staffApi.post<unknown>(`/dashboard/email-provider/verify-email/${encodeURIComponent(id)}`, {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...providerQueryKey, 'identities'] }),
  });
}

/** `POST /dashboard/email-provider/delete-identity/{id}`. */
export function useDeleteIdentity() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => staffApi.post<unknown>(`/dashboard/email-provider/delete-identity/${encodeURIComponent(id)}`, {}),
    onSettled: () => void queryClient.invalidateQueries({ queryKey: [...providerQueryKey, 'identities'] }),
  });
}
