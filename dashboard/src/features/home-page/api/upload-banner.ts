/**
 * `POST /dashboard/home/banners` (beyond the spec): a banner image as multipart field `file`,
 * answered with its ImageAsset, with upload progress (lib/upload.ts).
 * The type and size are checked here first, so a wrong file is refused before it is sent.
 */
import { ApiError } from '@inkwell/ui-kit/api-client';
import { BANNER_UPLOAD_LIMITS, type ImageAsset } from '@inkwell/contracts/dashboard-merchandising';
import { uploadedResponse, uploadForm, type UploadProgress } from '@/lib/upload';

export type { UploadProgress } from '@/lib/upload';

/** Why a file cannot be a banner, or null when it can. */
export function bannerFileProblem(file: { type: string; size: number; name: string }): string | null {
  if (!(BANNER_UPLOAD_LIMITS.types as readonly string[]).includes(file.type)) return `${file.name} is not a PNG, JPEG or WebP image.`;
  if (file.size > BANNER_UPLOAD_LIMITS.bytes) return `${file.name} is larger than ${BANNER_UPLOAD_LIMITS.bytes / (1024 * 1024)} MB.`;
  if (file.size === 0) return `${file.name} is empty.`;
  return null;
}

export async function uploadBanner(file: File, onProgress: (progress: UploadProgress) => void): Promise<ImageAsset> {
  const problem = bannerFileProblem(file);
  if (problem) throw new ApiError(0, 'Invalid', problem);
  const form = () => {
    const data = new FormData();
    data.append('file', file, file.name);
    return data;
  };
  return uploadedResponse<ImageAsset>(await uploadForm('/dashboard/home/banners', form, { onProgress }));
}
