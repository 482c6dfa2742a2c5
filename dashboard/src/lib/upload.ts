/**
 * Uploads with progress: a multipart POST through XMLHttpRequest (fetch cannot report upload
 * progress), with the staff token, renewed once when it expired while staff picked the file, as the
 * API client does. Comic files, sales spreadsheets and wheel banners go this way.
 */
import { buildApiUrl, ApiError, renewAccessToken, type EnvelopeStatus } from '@inkwell/ui-kit/api-client';
import { getAccessToken } from '@inkwell/ui-kit/storage';

export interface UploadProgress {
  loaded: number;
  total: number;
}

export interface UploadOptions {
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

/** What the server answered: the HTTP status and the body read as JSON (null when it was not). */
export interface Uploaded {
  httpStatus: number;
  envelope: { status?: EnvelopeStatus; response?: unknown } | null;
}

function send(url: string, form: FormData, token: string | null, { onProgress, signal }: UploadOptions): Promise<Uploaded> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => resolve({ httpStatus: xhr.status, envelope: xhr.response as Uploaded['envelope'] });
    xhr.onerror = () => reject(new ApiError(0, 'NetworkError', "The upload couldn't reach Inkwell. Check your connection and try again."));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

/** POSTs the form `build` makes (built again for a second try) to the API path `path`. */
export async function uploadForm(path: string, build: () => FormData, options: UploadOptions): Promise<Uploaded> {
  const url = buildApiUrl(path);
  let sent = await send(url, build(), getAccessToken(), options);
  if (sent.httpStatus === 401) {
    const renewed = await renewAccessToken();
    if (renewed) sent = await send(url, build(), renewed, options);
  }
  return sent;
}

/** The answer's `response` when it succeeded; otherwise an ApiError with the server's message (`tooLarge` for a 413 without one). */
export function uploadedResponse<T>({ httpStatus, envelope }: Uploaded, tooLarge = 'The file is larger than the upload limit.'): T {
  const status = envelope?.status;
  if (httpStatus >= 200 && httpStatus < 300 && status?.type === 'Success') return envelope?.response as T;
  const message = status?.message ?? (httpStatus === 413 ? tooLarge : `The upload was refused (HTTP ${httpStatus}).`);
  throw new ApiError(httpStatus, status?.type ?? `Http${httpStatus}`, message, status, envelope?.response);
}
