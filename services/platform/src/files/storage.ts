/**
 * The file-storage port for images (covers, page images). Drivers: `LocalFileStorage` (default: a
 * folder under DATA_DIR served by the gateway at `/media/`) and S3-compatible object storage
 * (`S3_BUCKET`), which is planned with the reader's page images and not available yet.
 */
export interface FileStorage {
  readonly driver: string;
  /** Stores `bytes` at `key` (a relative path such as `covers/series-12-500.webp`). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  exists(key: string): Promise<boolean>;
  /** The URL a browser loads the file from. */
  publicUrl(key: string): string;
}

/** Keys are relative paths of safe segments: no `..`, no absolute paths, no odd characters. */
export function assertValidKey(key: string): void {
  if (!/^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) || key.split('/').some((part) => part === '..' || part === '.')) {
    throw new Error(`Invalid file key: ${key}`);
  }
}
