/**
 * A campaign's spreadsheets (dashboard spec §7 "Sales campaigns"): the export downloaded with the
 * staff token, and ValidateFromCsv / CreateFromCsv, multipart `file1`, `file2`, … sent with upload
 * progress (lib/upload.ts).
 */
import { buildApiUrl, ApiError, renewAccessToken, type EnvelopeStatus } from '@inkwell/ui-kit/api-client';
import { getAccessToken } from '@inkwell/ui-kit/storage';
import { SALES_SPREADSHEET_LIMITS, type SpreadsheetReport } from '@inkwell/contracts/dashboard-merchandising';
import { uploadedResponse, uploadForm, type Uploaded, type UploadOptions } from '@/lib/upload';

export type { UploadProgress } from '@/lib/upload';

const ACCEPTED = ['.xlsx', '.csv'] as const;

/** Why a chosen file cannot be sent (type, size, how many), or null when it can; checked before uploading. */
export function checkSpreadsheetFiles(files: readonly File[]): string[] {
  const problems: string[] = [];
  if (files.length > SALES_SPREADSHEET_LIMITS.files) problems.push(`Choose at most ${SALES_SPREADSHEET_LIMITS.files} files at a time.`);
  for (const file of files) {
    const lower = file.name.toLowerCase();
    if (!ACCEPTED.some((ending) => lower.endsWith(ending))) problems.push(`${file.name}: only .xlsx and .csv files can be imported.`);
    else if (file.size > SALES_SPREADSHEET_LIMITS.fileBytes) problems.push(`${file.name}: the file is larger than ${SALES_SPREADSHEET_LIMITS.fileBytes / 1024 / 1024} MB.`);
    else if (file.size === 0) problems.push(`${file.name}: the file is empty.`);
  }
  return problems;
}

function isReport(value: unknown): value is SpreadsheetReport {
  return typeof value === 'object' && value !== null && Array.isArray((value as SpreadsheetReport).problems) && Array.isArray((value as SpreadsheetReport).campaigns);
}

/** The report of a validate or create call; a 422 create answers the report too (nothing created). */
function readReport(sent: Uploaded): SpreadsheetReport {
  const response = sent.envelope?.response;
  if (sent.httpStatus === 422 && isReport(response)) return response;
  const report = uploadedResponse<unknown>(sent, 'A file is larger than the upload limit.');
  if (isReport(report)) return report;
  throw new ApiError(sent.httpStatus, `Http${sent.httpStatus}`, `The upload was refused (HTTP ${sent.httpStatus}).`);
}

/** `POST /dashboard/sales/{ValidateFromCsv|CreateFromCsv}` with the files as `file1`, `file2`, …. */
export async function sendSpreadsheets(action: 'ValidateFromCsv' | 'CreateFromCsv', files: readonly File[], options: UploadOptions): Promise<SpreadsheetReport> {
  const form = () => {
    const data = new FormData();
    files.forEach((file, index) => data.append(`file${index + 1}`, file, file.name));
    return data;
  };
  return readReport(await uploadForm(`/dashboard/sales/${action}`, form, options));
}

async function fetchExport(id: number, token: string | null): Promise<Response> {
  return fetch(buildApiUrl(`/dashboard/sales/exportAsExcel/${id}`), { headers: token ? { Authorization: `Bearer ${token}` } : {} });
}

/** `GET /dashboard/sales/exportAsExcel/{id}`: the workbook, saved by the browser under the server's file name. */
export async function downloadCampaignWorkbook(id: number, fallbackName: string): Promise<void> {
  let res = await fetchExport(id, getAccessToken());
  if (res.status === 401) {
    const renewed = await renewAccessToken();
    if (renewed) res = await fetchExport(id, renewed);
  }
  if (!res.ok) {
    let message = `The export was refused (HTTP ${res.status}).`;
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
  const blob = await res.blob();
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = named ? decodeURIComponent(named) : fallbackName;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
