import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '../src/testing/skip';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, HeadObjectCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import { LocalFileStorage } from '../src/files/local-storage';
import { S3FileStorage } from '../src/files/s3-storage';
import type { FileStorage } from '../src/files/storage';

interface Driver {
  storage: FileStorage;
  dispose(): Promise<void>;
}

/** The same contract for every file-storage driver. */
function storageContract(name: string, make: () => Promise<Driver>, skip: string | false = false) {
  describe(`${name} file storage`, { skip: skipBecause(skip) }, () => {
    let driver: Driver;
    beforeAll(async () => {
      driver = await make();
    });
    afterAll(() => driver?.dispose());

    it('stores bytes under a key and reads back the same bytes', async () => {
      const bytes = randomBytes(70_000);
      await driver.storage.put('covers/series-12-500.webp', bytes, 'image/webp');
      assert.deepEqual(await driver.storage.get('covers/series-12-500.webp'), bytes);
      assert.equal(await driver.storage.exists('covers/series-12-500.webp'), true);
    });

    it('replaces a file written again under the same key', async () => {
      await driver.storage.put('banners/home.jpg', Buffer.from('first'), 'image/jpeg');
      await driver.storage.put('banners/home.jpg', Buffer.from('second'), 'image/jpeg');
      assert.equal((await driver.storage.get('banners/home.jpg'))?.toString(), 'second');
    });

    it('answers undefined and false for a key never written', async () => {
      assert.equal(await driver.storage.get('covers/missing.webp'), undefined);
      assert.equal(await driver.storage.exists('covers/missing.webp'), false);
    });

    it('refuses keys that climb out of their folder or are not plain paths', async () => {
      for (const key of ['../secrets', 'covers/../../x', '/etc/passwd', 'covers//x', 'covers/a b', '']) {
        await assert.rejects(driver.storage.put(key, Buffer.from('x'), 'text/plain'), /Invalid file key/, key);
        assert.throws(() => driver.storage.publicUrl(key), /Invalid file key/, key);
      }
    });

    it('streams a large file in and out without a whole copy in memory, and deletes it', async () => {
      // 20 MB in 1 MB chunks: more than one S3 part, so the multipart upload is what is tested.
      const chunk = randomBytes(1024 * 1024);
      const chunks = Array.from({ length: 20 }, (_, index) => Buffer.concat([Buffer.from([index]), chunk.subarray(1)]));
      await driver.storage.putStream('pages/masters/1/a.cbz', Readable.from(chunks), 'application/zip');
      const back = await driver.storage.getStream('pages/masters/1/a.cbz');
      assert.ok(back);
      const read: Buffer[] = [];
      for await (const part of back) read.push(part as Buffer);
      assert.deepEqual(Buffer.concat(read), Buffer.concat(chunks));
      await driver.storage.delete('pages/masters/1/a.cbz');
      assert.equal(await driver.storage.exists('pages/masters/1/a.cbz'), false);
      assert.equal(await driver.storage.getStream('pages/masters/1/a.cbz'), undefined);
      await driver.storage.delete('pages/masters/1/a.cbz');
    });

    it('leaves nothing at the key when the stream fails halfway', async () => {
      async function* failing() {
        yield randomBytes(6 * 1024 * 1024);
        yield randomBytes(6 * 1024 * 1024);
        throw new Error('upload cut off');
      }
      await assert.rejects(driver.storage.putStream('pages/masters/1/b.cbz', Readable.from(failing()), 'application/zip'), /upload cut off/);
      assert.equal(await driver.storage.exists('pages/masters/1/b.cbz'), false);
    });

    it('gives the URL a browser loads a file from', () => {
      assert.equal(driver.storage.publicUrl('covers/series-12-500.webp'), '/media/covers/series-12-500.webp');
    });
  });
}

storageContract('local', async () => {
  const root = await mkdtemp(path.join(os.tmpdir(), 'inkwell-files-'));
  return { storage: new LocalFileStorage(root), dispose: () => rm(root, { recursive: true, force: true }) };
});

const endpoint = process.env.TEST_S3_ENDPOINT;
const region = process.env.TEST_S3_REGION ?? 'us-east-1';
const credentials = { accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? 'inkwell-test', secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'inkwell-test' };

storageContract(
  'S3',
  async () => {
    // A bucket of its own per run, emptied and removed afterwards.
    const bucket = `inkwell-test-${randomBytes(5).toString('hex')}`;
    const admin = new S3Client({ region, endpoint, forcePathStyle: true, credentials });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    const storage = new S3FileStorage({ bucket, region, endpoint, forcePathStyle: true, credentials, prefix: 'media/', publicBaseUrl: '/media/' });
    return {
      storage,
      async dispose() {
        storage.close();
        const listed = await admin.send(new ListObjectsV2Command({ Bucket: bucket }));
        const objects = (listed.Contents ?? []).map((object) => ({ Key: object.Key! }));
        if (objects.length > 0) await admin.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects } }));
        await admin.send(new DeleteBucketCommand({ Bucket: bucket }));
        admin.destroy();
      },
    };
  },
  endpoint ? false : 'TEST_S3_ENDPOINT not set: the S3 driver was not tested in this run (scripts/infra.sh s3 start runs an S3 server)',
);

describe('S3 file storage objects', { skip: skipBecause(endpoint ? false : 'TEST_S3_ENDPOINT not set') }, () => {
  it('keeps objects under the configured prefix with their content type', async () => {
    const bucket = `inkwell-test-${randomBytes(5).toString('hex')}`;
    const admin = new S3Client({ region, endpoint, forcePathStyle: true, credentials });
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    const storage = new S3FileStorage({ bucket, region, endpoint, forcePathStyle: true, credentials, prefix: 'shop-a/', publicBaseUrl: 'https://cdn.example/' });
    try {
      await storage.put('pages/x1/1/500.webp', Buffer.from('RIFF'), 'image/webp');
      const head = await admin.send(new HeadObjectCommand({ Bucket: bucket, Key: 'shop-a/pages/x1/1/500.webp' }));
      assert.equal(head.ContentType, 'image/webp');
      assert.equal(storage.publicUrl('covers/a.webp'), 'https://cdn.example/covers/a.webp');
      await admin.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: [{ Key: 'shop-a/pages/x1/1/500.webp' }] } }));
    } finally {
      storage.close();
      await admin.send(new DeleteBucketCommand({ Bucket: bucket }));
      admin.destroy();
    }
  });
});
