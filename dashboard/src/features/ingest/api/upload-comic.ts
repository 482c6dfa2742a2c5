/**
 * `POST /dashboard/ingest/upload/{productId}`: sends the archive as multipart field `file`. It goes
 * through XMLHttpRequest because fetch cannot report upload progress, and the progress bar is the
 * point of this screen (a CBZ is often hundreds of megabytes).
 */
import { buildApiUrl, ApiError, renewAccessToken, type EnvelopeStatus } from '@inkwell/ui-kit/api-client';
import { getAccessToken } from '@inkwell/ui-kit/storage';
import { INGEST_UPLOAD_FIELD, type IngestJob } from '@inkwell/contracts/ingest';

export interface UploadProgress {
  loaded: number;
  total: number;
}

interface UploadOptions {
  onProgress: (progress: UploadProgress) => void;
  signal?: AbortSignal;
}

interface Sent {
  httpStatus: number;
  body: unknown;
}

function send(url: string, form: FormData, token: string | null, { onProgress, signal }: UploadOptions): Promise<Sent> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', url);
    xhr.setRequestHeader('Accept', 'application/json');
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.responseType = 'json';
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress({ loaded: event.loaded, total: event.total });
    };
    xhr.onload = () => resolve({ httpStatus: xhr.status, body: xhr.response });
    xhr.onerror = () => reject(new ApiError(0, 'NetworkError', "The upload couldn't reach Inkwell. Check your connection and try again."));
    xhr.onabort = () => reject(new DOMException('The upload was cancelled.', 'AbortError'));
    if (signal) {
      if (signal.aborted) xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
    }
    xhr.send(form);
  });
}

function readAnswer({ httpStatus, body }: Sent): IngestJob {
  const envelope = body as { status?: EnvelopeStatus; response?: unknown } | null;
  const status = envelope?.status;
  if (httpStatus >= 200 && httpStatus < 300 && status?.type === 'Success') return envelope?.response as IngestJob;
  const message =
    status?.message ??
    (httpStatus === 413 ? 'The file is larger than the upload limit.' : `The upload was refused (HTTP ${httpStatus}).`);
  throw new ApiError(httpStatus, status?.type ?? `Http${httpStatus}`, message, status, envelope?.response);
}

export async function uploadComic(productId: number, file: File, options: UploadOptions): Promise<IngestJob> {
  const url = buildApiUrl(`/dashboard/ingest/upload/${productId}`);
  const form = () => {
    const data = new FormData();
    data.append(INGEST_UPLOAD_FIELD, file, file.name);
    return data;
  };
  let sent = await send(url, form(), getAccessToken(), options);
  // An access token that expired while staff picked the file is renewed once, as the API client does.
  if (sent.httpStatus === 401) {
    const renewed = await renewAccessToken();
    if (renewed) sent = await send(url, form(), renewed, options);
  }
  return readAnswer(sent);
}
