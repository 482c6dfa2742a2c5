import assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { skipBecause } from '@inkwell/platform/testing';
import { CreateBucketCommand, DeleteBucketCommand, DeleteObjectsCommand, ListObjectsV2Command, S3Client } from '@aws-sdk/client-s3';
import sharp from 'sharp';
import { createProduct, createSeries } from '../../services/catalog/test/factories';
import { startTestStack, type TestStack } from '../support/stack';

const endpoint = process.env.TEST_S3_ENDPOINT;
const region = process.env.TEST_S3_REGION ?? 'us-east-1';
const credentials = { accessKeyId: process.env.TEST_S3_ACCESS_KEY_ID ?? 'inkwell-test', secretAccessKey: process.env.TEST_S3_SECRET_ACCESS_KEY ?? 'inkwell-test' };

// Answers are checked field by field; their shape is what is under test.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const json = (response: Response): Promise<any> => response.json();

/**
 * The store with its files in an S3 bucket (`S3_BUCKET`): covers reach browsers through the
 * gateway, which reads them from the bucket, and page images through the reader's signed links,
 * with nothing written to the local media folder, so separate pods on read-only filesystems share
 * them.
 */
describe('media in object storage', { skip: skipBecause(endpoint ? false : 'TEST_S3_ENDPOINT not set: the S3 file storage was not tested in this run (scripts/infra.sh s3 start runs an S3 server)') }, () => {
  const bucket = `inkwell-e2e-${randomBytes(5).toString('hex')}`;
  const admin = new S3Client({ region, endpoint, forcePathStyle: true, credentials });
  let stack: TestStack;
  let productId: number;

  const api = (route: string) => fetch(stack.url + route);

  beforeAll(async () => {
    await admin.send(new CreateBucketCommand({ Bucket: bucket }));
    stack = await startTestStack({
      S3_BUCKET: bucket,
      S3_ENDPOINT: endpoint,
      S3_REGION: region,
      S3_FORCE_PATH_STYLE: 'true',
      S3_ACCESS_KEY_ID: credentials.accessKeyId,
      S3_SECRET_ACCESS_KEY: credentials.secretAccessKey,
      S3_PREFIX: 'store/',
    });
    const catalogDb = stack.service('catalog').context.db;
    const series = await createSeries(catalogDb, { title: 'Harbour Lights', readableUrl: 'harbour-lights' });
    productId = await createProduct(catalogDb, { name: 'Harbour Lights Chapter 1', readableUrl: 'harbour-lights-chapter-1', seriesId: series, type: 'Chapter', chapterNumber: 1, variants: [{ priceType: 'Free', priceCents: 0 }] });
    const pages = await Promise.all([0, 1].map((n) => sharp({ create: { width: 900, height: 1350, channels: 3, background: { r: 90 * n, g: 60, b: 120 } } }).png().toBuffer()));
    await stack.service('reader').exposed.pages.ingest(String(productId), pages);
  });

  afterAll(async () => {
    await stack?.stop();
    const listed = await admin.send(new ListObjectsV2Command({ Bucket: bucket }));
    const objects = (listed.Contents ?? []).map((object) => ({ Key: object.Key! }));
    if (objects.length > 0) await admin.send(new DeleteObjectsCommand({ Bucket: bucket, Delete: { Objects: objects } }));
    await admin.send(new DeleteBucketCommand({ Bucket: bucket }));
    admin.destroy();
  });

  it('serves a page image from the bucket by its signed link', async () => {
    const comic = (await json(await api(`/api/comic/${productId}/pages`))).response;
    const image = await api(comic.pages[0].sources[0].webp);
    assert.equal(image.status, 200);
    assert.equal(image.headers.get('content-type'), 'image/webp');
    assert.match(image.headers.get('cache-control') ?? '', /^public, max-age=\d+, immutable$/);
    assert.equal((await sharp(Buffer.from(await image.arrayBuffer())).metadata()).format, 'webp');

    const keys = ((await admin.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'store/pages/' }))).Contents ?? []).map((object) => object.Key!);
    assert.ok(keys.some((key) => key.endsWith('.webp')) && keys.some((key) => key.endsWith('.jpeg') || key.endsWith('.jpg')), `page images in the bucket: ${keys.join(', ')}`);
  });

  it('serves a public file from the bucket at /media/ with caching headers, and never a page image there', async () => {
    const cover = await sharp({ create: { width: 250, height: 375, channels: 3, background: '#c0392b' } }).webp().toBuffer();
    await stack.service('catalog').context.files.put('covers/harbour-lights-250.webp', cover, 'image/webp');
    const served = await api('/media/covers/harbour-lights-250.webp');
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'image/webp');
    assert.equal(served.headers.get('cache-control'), 'public, max-age=86400');
    assert.deepEqual(Buffer.from(await served.arrayBuffer()), cover);

    assert.equal((await api('/media/covers/missing.webp')).status, 404);
    const pageKey = ((await admin.send(new ListObjectsV2Command({ Bucket: bucket, Prefix: 'store/pages/' }))).Contents ?? [])[0]!.Key!.slice('store/'.length);
    assert.equal((await api(`/media/${pageKey}`)).status, 404, 'page images only through signed links');
    assert.equal((await api('/media/..%2F..%2Fetc%2Fpasswd')).status, 404);
  });

  it('writes nothing to the local media folder', async () => {
    const local = await readdir(path.join(stack.dataDir, 'media'), { recursive: true }).catch(() => []);
    assert.deepEqual(local.filter((entry) => !entry.endsWith('/')), []);
  });
});
