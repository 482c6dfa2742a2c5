/**
 * The Analytics and Reports areas' calls (contracts/dashboard-analytics): every §7 Analytics call is
 * a GET with `start`, `end` (YYYY-MM-DD, both included, in the reporting zone) and `timespan`; the
 * Reports calls download the workbook or have it built and mailed as a job.
 */
import { keepPreviousData, queryOptions, useMutation, useQueryClient } from '@tanstack/react-query';
import type {
  AnalyticsTimespan,
  CartData,
  EventMetrics,
  OrderData,
  OrderMetrics,
  PageMetrics,
  PageViewMetrics,
  ReportJob,
  Signups,
  StoreLinkMetrics,
  StoreLinkTimespan,
  TopSellingProducts,
  UniqueCustomers,
} from '@inkwell/contracts/dashboard-analytics';
import { API_BASE, API_VERSION, ApiError, renewAccessToken } from '@inkwell/ui-kit/api-client';
import { getAccessToken } from '@inkwell/ui-kit/storage';
import { staffApi } from '@/lib/staff-api';
import type { DayRange } from '../range';

const base = '/dashboard/analytics';
const reports = '/dashboard/reports';

export const analyticsQueryKey = ['analytics'] as const;

interface Range extends DayRange {
  timespan?: AnalyticsTimespan;
}

const call = <T>(name: string, range: Range, extra: Record<string, string | number> = {}) =>
  queryOptions({
    queryKey: [...analyticsQueryKey, name, range.start, range.end, range.timespan ?? 'daily', extra] as const,
    queryFn: ({ signal }) => staffApi.get<T>(`${base}/${name}`, { query: { start: range.start, end: range.end, timespan: range.timespan, ...extra }, signal }),
    // A wrong range is the staff member's to fix; asking again would not change the answer.
    retry: (count, error) => !(error instanceof ApiError && error.httpStatus >= 400 && error.httpStatus < 500) && count < 2,
    placeholderData: keepPreviousData,
  });

export const orderDataQuery = (range: Range) => call<OrderData>('getOrderData', range);
export const orderMetricsQuery = (range: Range) => call<OrderMetrics>('orderMetrics', { start: range.start, end: range.end });
export const topSellingQuery = (range: Range, maxItems: number) => call<TopSellingProducts>('topSellingProducts', { start: range.start, end: range.end }, { maxItems });
export const cartDataQuery = (range: Range) => call<CartData>('getCartData', range);
export const signupsQuery = (range: Range) => call<Signups>('newUserSignups', range);
export const uniqueCustomersQuery = (range: Range) => call<UniqueCustomers>('uniqueLoggedInCustomers', range);
export const pageViewsQuery = (range: Range) => call<PageViewMetrics>('getPageViewMetrics', range);
export const pageMetricsQuery = (range: Range) => call<PageMetrics>('getPageMetrics/V2', { start: range.start, end: range.end });
export const eventMetricsQuery = (range: Range) => call<EventMetrics>('getEventMetrics', { start: range.start, end: range.end });
export const storeLinksQuery = (range: Range) => call<StoreLinkMetrics>('getStoreLinkMetrics', { start: range.start, end: range.end });
export const storeLinksByTimespanQuery = (range: Range) => call<StoreLinkTimespan>('getStoreLinkMetricsByTimespan', range);

/* ------------------------------------------------------------------ reports */

export const reportJobsQuery = queryOptions({
  queryKey: [...analyticsQueryKey, 'report-jobs'] as const,
  queryFn: ({ signal }) => staffApi.get<ReportJob[]>(`${reports}/jobs`, { signal }),
});

export const reportJobQuery = (id: string) =>
  queryOptions({
    queryKey: [...analyticsQueryKey, 'report-jobs', id] as const,
    queryFn: ({ signal }) => staffApi.get<ReportJob>(`${reports}/jobs/${encodeURIComponent(id)}`, { signal }),
  });

export const isRunning = (job: Pick<ReportJob, 'status'>) => job.status === 'Queued' || job.status === 'Running';

/** `POST /dashboard/reports/asExcelFileSendEmail?emails=…&emails=…&start&end`: answers the queued job. */
export function useEmailReport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: ({ range, emails }: { range: DayRange; emails: string[] }) =>
      staffApi.post<ReportJob>(`${reports}/asExcelFileSendEmail`, undefined, { query: { start: range.start, end: range.end, emails: emails.length > 0 ? emails : undefined } }),
    onSuccess: (job) => {
      client.setQueryData(reportJobQuery(job.id).queryKey, job);
      void client.invalidateQueries({ queryKey: reportJobsQuery.queryKey });
    },
  });
}

/** What a download has received so far: bytes, and the total when the server said it. */
export interface DownloadProgress {
  received: number;
  total: number | undefined;
}

async function workbookResponse(range: DayRange, signal: AbortSignal | undefined, token: string | null): Promise<Response> {
  const params = new URLSearchParams({ start: range.start, end: range.end, 'api-version': API_VERSION });
  const headers = new Headers({ Accept: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet, application/json' });
  if (token) headers.set('Authorization', `Bearer ${token}`);
  return fetch(`${API_BASE}${reports}/asExcelFile?${params.toString()}`, { headers, signal });
}

/** The refusal in a JSON envelope (a bad range), as an ApiError with the server's message. */
async function refusalOf(response: Response): Promise<ApiError> {
  try {
    const payload = (await response.json()) as { status?: { type?: string; message?: string; problems?: { field: string; message: string }[] } };
    const status = payload.status;
    return new ApiError(response.status, status?.type ?? `Http${response.status}`, status?.message ?? `The workbook could not be made (${response.status}).`, status as never);
  } catch {
    return new ApiError(response.status, `Http${response.status}`, `The workbook could not be made (${response.status}).`);
  }
}

/**
 * `GET /dashboard/reports/asExcelFile`: reads the streamed workbook chunk by chunk (telling how far
 * it got), then hands it to the browser as a download named as the server named it.
 */
export async function downloadWorkbook(range: DayRange, onProgress: (progress: DownloadProgress) => void, signal?: AbortSignal): Promise<{ fileName: string; size: number }> {
  let response = await workbookResponse(range, signal, getAccessToken());
  if (response.status === 401) {
    const renewed = await renewAccessToken();
    if (renewed) response = await workbookResponse(range, signal, renewed);
  }
  if (!response.ok) throw await refusalOf(response);
  const length = Number(response.headers.get('content-length'));
  const total = Number.isFinite(length) && length > 0 ? length : undefined;
  const chunks: Uint8Array<ArrayBuffer>[] = [];
  let received = 0;
  onProgress({ received, total });
  const reader = response.body?.getReader();
  if (reader) {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      received += value.byteLength;
      onProgress({ received, total });
    }
  }
  const disposition = response.headers.get('content-disposition') ?? '';
  const fileName = /filename="?([^";]+)"?/.exec(disposition)?.[1] ?? `inkwell-report-${range.start}-${range.end}.xlsx`;
  const blob = new Blob(chunks, { type: response.headers.get('content-type') ?? 'application/octet-stream' });
  const url = URL.createObjectURL(blob);
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = fileName;
  anchor.hidden = true;
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
  return { fileName, size: received };
}
