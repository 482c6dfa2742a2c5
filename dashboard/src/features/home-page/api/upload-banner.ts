/**
 * `POST /dashboard/home/banners` (beyond the spec): a banner image as multipart field `file`,
 * answered with its ImageAsset. XMLHttpRequest, because fetch cannot report upload progress.
 * The type and size are checked here first, so a wrong file is refused before it is sent.
 */
import { buildApiUrl, ApiError, renewAccessToken, type EnvelopeStatus } from '@inkwell/ui-kit/api-client';
import { getAccessToken } from '@inkwell/ui-kit/storage';
import { BANNER_UPLOAD_LIMITS, type ImageAsset } from '@inkwell/contracts/dashboard-merchandising';

export interface UploadProgress {
  loaded: number;
  total: number;
}

/** Why a file cannot be a banner, or null when it can. */
export function bannerFileProblem(file: { type: string; size: number; name: string }): string | null {
  if (!(BANNER_UPLOAD_LIMITS.types as readonly string[]).includes(file.type)) return `${file.name} is not a PNG, JPEG or WebP image.`;
  if (file.size > BANNER_UPLOAD_LIMITS.bytes) return `${file.name} is larger than ${BANNER_UPLOAD_LIMITS.bytes / (1024 * 1024)} MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

function send(url: string, file: File, token: string | null, onProgress: (progress: UploadProgress) => void): Promise<{ httpStatus: number; body: unknown }> {
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
    const form = new FormData();
    form.append('file', file, file.name);
    xhr.send(form);
  });
}

export async function uploadBanner(file: File, onProgress: (progress: UploadProgress) => void): Promise<ImageAsset> {
  const problem = bannerFileProblem(file);
  if (problem) throw new ApiError(0, 'Invalid', problem);
  const url = buildApiUrl('/dashboard/home/banners');
  let sent = await send(url, file, getAccessToken(), onProgress);
  if (sent.httpStatus === 401) {
    const renewed = await renewAccessToken();
    if (renewed) sent = await send(url, file, renewed, onProgress);
  }
  const envelope = sent.body as { status?: EnvelopeStatus; response?: unknown } | null;
  const status = envelope?.status;
  if (sent.httpStatus >= 200 && sent.httpStatus < 300 && status?.type === 'Success') return envelope?.response as ImageAsset;
  const message = status?.message ?? (sent.httpStatus === 413 ? 'The file is larger than the upload limit.' : `The upload was refused (HTTP ${sent.httpStatus}).`);
  throw new ApiError(sent.httpStatus, status?.type ?? `Http${sent.httpStatus}`, message, status, envelope?.response);
}
