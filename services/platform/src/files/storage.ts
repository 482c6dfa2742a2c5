import type { Readable } from 'node:stream';

/**
 * The file-storage port for covers, banners, page images, uploads and exports. Drivers, picked in
 * drivers.ts: `LocalFileStorage` (default: a folder under DATA_DIR served by the gateway at
 * `/media/`) and `S3FileStorage` (when `S3_BUCKET` is set), which every pod shares.
 */
export interface FileStorage {
  readonly driver: string;
  /** Stores `bytes` at `key` (a relative path such as `covers/series-12-500.webp`). */
  put(key: string, bytes: Buffer, contentType: string): Promise<void>;
  /**
   * Stores what `stream` yields at `key` without holding it in memory (uploads of hundreds of
   * megabytes). When the stream fails, nothing is left at `key` and the stream's error is thrown.
   */
  putStream(key: string, stream: Readable, contentType: string): Promise<void>;
  get(key: string): Promise<Buffer | undefined>;
  /** The file as a stream, or undefined when there is none. */
  getStream(key: string): Promise<Readable | undefined>;
  /** Removes the file; removing a missing one is not an error. */
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
  /** The URL a browser loads the file from. */
  publicUrl(key: string): string;
  /** Releases connections; the storage is not used afterwards. */
  close(): void;
}

/** Keys are relative paths of safe segments: no `..`, no absolute paths, no odd characters. */
export function isValidKey(key: string): boolean {
  return /^[a-z0-9][a-z0-9._-]*(\/[a-z0-9][a-z0-9._-]*)*$/i.test(key) && !key.split('/').some((part) => part === '..' || part === '.');
}

export function assertValidKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`Invalid file key: ${key}`);
}

/** Comic pages are stored with the other files but handed out only through the reader's signed links. */
export function isPageImageKey(key: string): boolean {
  return /^\/?pages(?:\/|$)/.test(key);
}

/**
 * Files stored with the public ones but never served at `/media/`: comic pages (the reader's signed
 * links), staff exports of personal data (the account service's signed, expiring links) and the
 * support desk's inbound mail and attachments (staff download them through the support service).
 */
export function isPrivateFileKey(key: string): boolean {
  return isPageImageKey(key) || /^\/?(?:exports|support)(?:\/|$)/.test(key);
}

const CONTENT_TYPES: Record<string, string> = {
  webp: 'image/webp',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
  avif: 'image/avif',
  gif: 'image/gif',
  svg: 'image/svg+xml',
};

/** The content type a public file is served with, by its extension. */
export function contentTypeOfKey(key: string): string {
  return CONTENT_TYPES[key.slice(key.lastIndexOf('.') + 1).toLowerCase()] ?? 'application/octet-stream';
}
