import assert from 'node:assert/strict';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, it } from 'vitest';
import sharp from 'sharp';
import { grantAdmin } from '@inkwell/account';
import { createProduct } from '../../services/catalog/test/factories';
import { multipartBody, zip } from '../../services/reader/test/support/zip';
import { startTestStack, type TestStack } from '../support/stack';

// Answers are read field by field.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Json = any;

const LIMIT = 64 * 1024;

/**
 * The gateway streams comic uploads to the reader under their own limit (INGEST_MAX_UPLOAD_BYTES):
 * an upload over it is refused with 413 whether it declares its length or comes chunked, and
 * nothing of it is stored; one under it goes through.
 */
describe('comic uploads through the gateway, under their own size limit', () => {
  let stack: TestStack;
  let token: string;
  let productId: number;

  const masters = async () => {
    const entries = await readdir(path.join(stack.dataDir, 'media'), { recursive: true, withFileTypes: true }).catch(() => []);
    return entries.filter((entry) => entry.isFile() && entry.parentPath.includes('masters')).map((entry) => entry.name);
  };
  const send = (body: NonNullable<RequestInit['body']>, headers: Record<string, string>) =>
    fetch(`${stack.url}/api/dashboard/ingest/upload/${productId}`, { method: 'POST', headers: { authorization: `Bearer ${token}`, ...headers }, body, duplex: 'half' } as RequestInit);

  beforeAll(async () => {
    stack = await startTestStack({ INGEST_MAX_UPLOAD_BYTES: String(LIMIT) });
    const admin = await grantAdmin(stack.service('account').context.db, `upload-staff-${process.pid}@example.com`);
    assert.ok(admin.created);
    const login = await fetch(`${stack.url}/api/account/token`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ UserName: admin.email, Password: admin.password }) });
    token = ((await login.json()) as Json).response.access_token;
    productId = await createProduct(stack.service('catalog').context.db, { name: 'Heavy Lanterns', status: 'Draft' });
  }, 120_000);

  afterAll(() => stack?.stop());

  it('refuses an upload that declares a length over the limit, storing nothing', async () => {
    const { body, headers } = multipartBody(Buffer.alloc(LIMIT * 3, 7), 'heavy.cbz');
    const answer = await send(body, headers);
    assert.equal(answer.status, 413);
    assert.equal(((await answer.json()) as Json).status.type, 'PayloadTooLarge');
    assert.deepEqual(await masters(), []);
  });

  it('cuts off a chunked upload once it grows past the limit, storing nothing', async () => {
    const { body, headers } = multipartBody(Buffer.alloc(LIMIT * 3, 7), 'heavy.cbz');
    const chunks = Array.from({ length: Math.ceil(body.length / 16_384) }, (_, index) => body.subarray(index * 16_384, (index + 1) * 16_384));
    const stream = new ReadableStream<Uint8Array>({
      pull(controller) {
        const chunk = chunks.shift();
        if (chunk) controller.enqueue(chunk);
        else controller.close();
      },
    });
    const answer = await send(stream, { 'content-type': headers['content-type']! });
    assert.equal(answer.status, 413);
    // The reader had begun to receive it: its job ends failed (not left running, which would block the product).
    let latest: Json;
    // (None at all when the gateway cut it off before the reader read the part's header.)
    for (let attempt = 0; attempt < 50; attempt += 1) {
      latest = ((await (await fetch(`${stack.url}/api/dashboard/ingest/product/${productId}`, { headers: { authorization: `Bearer ${token}` } })).json()) as Json).response;
      if (latest?.status === 'failed') break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    assert.ok(latest === null || latest.status === 'failed', JSON.stringify(latest));
    assert.deepEqual(await masters(), []);
  });

  it('lets an upload under the limit through to the reader', async () => {
    // Another product: the one above may have a refused upload's job still being wound up.
    productId = await createProduct(stack.service('catalog').context.db, { name: 'Light Lanterns', status: 'Draft' });
    const page = await sharp({ create: { width: 600, height: 900, channels: 3, background: { r: 30, g: 60, b: 90 } } }).png().toBuffer();
    const { body, headers } = multipartBody(zip([{ name: 'p1.png', data: page, deflate: false }]), 'light.cbz');
    assert.ok(body.length < LIMIT);
    const answer = await send(body, headers);
    assert.equal(answer.status, 202, JSON.stringify(await answer.clone().json()));
    assert.equal((await masters()).length, 1, 'only this upload is kept');
  });
});
