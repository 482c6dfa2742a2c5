/**
 * `POST /dashboard/ingest/upload/{productId}`: sends the archive as multipart field `file`, with
 * upload progress (the progress bar is the point of this screen: a CBZ is often hundreds of megabytes).
 */
import { INGEST_UPLOAD_FIELD, type IngestJob } from '@inkwell/contracts/ingest';
import { uploadedResponse, uploadForm, type UploadOptions } from '@/lib/upload';

export type { UploadProgress } from '@/lib/upload';

export async function uploadComic(productId: number, file: File, options: UploadOptions): Promise<IngestJob> {
  const form = () => {
    const data = new FormData();
    data.append(INGEST_UPLOAD_FIELD, file, file.name);
    return data;
  };
  return uploadedResponse<IngestJob>(await uploadForm(`/dashboard/ingest/upload/${productId}`, form, options));
}
