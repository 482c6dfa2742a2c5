import type { Readable } from 'node:stream';
import { DeleteObjectCommand, GetObjectCommand, HeadObjectCommand, PutObjectCommand, S3Client, S3ServiceException } from '@aws-sdk/client-s3';
import { Upload } from '@aws-sdk/lib-storage';
import { assertValidKey, type FileStorage } from './storage';

export interface S3StorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server's address (MinIO, Ceph, S3Mock…); AWS's own endpoint when absent. */
  endpoint?: string;
  /** `bucket` in the path instead of the host name, as most S3-compatible servers want. */
  forcePathStyle?: boolean;
  /** Static credentials; without them the SDK's default chain (environment, web identity, instance role). */
  credentials?: { accessKeyId: string; secretAccessKey: string };
  /** Key prefix inside the bucket, so deployments can share one. */
  prefix?: string;
  /** Where browsers load public files: a CDN in front of the bucket, or `/media` through the gateway. */
  publicBaseUrl: string;
}

/**
 * Files in an S3 bucket, so covers, page images and uploads are shared by every replica and pod and
 * survive a read-only root filesystem. Objects are private: browsers reach public ones through
 * `publicBaseUrl` and page images through the reader's signed links.
 */
export class S3FileStorage implements FileStorage {
  readonly driver = 's3';
  private readonly client: S3Client;

  constructor(private readonly options: S3StorageOptions) {
    this.client = new S3Client({
      region: options.region,
      ...(options.endpoint ? { endpoint: options.endpoint } : {}),
      forcePathStyle: options.forcePathStyle ?? false,
      ...(options.credentials ? { credentials: options.credentials } : {}),
    });
  }

  private objectKey(key: string): string {
    assertValidKey(key);
    return `${this.options.prefix ?? ''}${key}`;
  }

  async put(key: string, bytes: Buffer, contentType: string): Promise<void> {
    await this.client.send(new PutObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key), Body: bytes, ContentType: contentType }));
  }

  async putStream(key: string, stream: Readable, contentType: string): Promise<void> {
    // A multipart upload in parts of 8 MB, four at a time: memory stays bounded whatever the size,
    // and a failed stream aborts the upload, so no object appears at `key`.
    const upload = new Upload({
      client: this.client,
      params: { Bucket: this.options.bucket, Key: this.objectKey(key), Body: stream, ContentType: contentType },
      partSize: 8 * 1024 * 1024,
      queueSize: 4,
      leavePartsOnError: false,
    });
    // The SDK reads the body as it goes but does not see its errors unless it is reading then.
    const failed = new Promise<never>((_resolve, reject) => stream.once('error', reject));
    failed.catch(() => undefined);
    try {
      await Promise.race([upload.done(), failed]);
    } catch (error) {
      await upload.abort().catch(() => undefined);
      throw error;
    }
  }

  async getStream(key: string): Promise<Readable | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return object.Body as Readable | undefined;
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async delete(key: string): Promise<void> {
    await this.client.send(new DeleteObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
  }

  async get(key: string): Promise<Buffer | undefined> {
    try {
      const object = await this.client.send(new GetObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return object.Body ? Buffer.from(await object.Body.transformToByteArray()) : Buffer.alloc(0);
    } catch (error) {
      if (isMissing(error)) return undefined;
      throw error;
    }
  }

  async exists(key: string): Promise<boolean> {
    try {
      await this.client.send(new HeadObjectCommand({ Bucket: this.options.bucket, Key: this.objectKey(key) }));
      return true;
    } catch (error) {
      if (isMissing(error)) return false;
      throw error;
    }
  }

  publicUrl(key: string): string {
    assertValidKey(key);
    return `${this.options.publicBaseUrl.replace(/\/+$/, '')}/${key}`;
  }

  close(): void {
    this.client.destroy();
  }
}

function isMissing(error: unknown): boolean {
  return error instanceof S3ServiceException && (error.name === 'NoSuchKey' || error.name === 'NotFound' || error.$metadata.httpStatusCode === 404);
}
