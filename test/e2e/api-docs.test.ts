import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { startTestStack, type TestStack } from '../support/stack';

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface Operation {
  responses?: Record<string, { content?: Record<string, { schema?: Record<string, unknown> }> }>;
}

interface ApiDocument {
  paths: Record<string, Partial<Record<(typeof METHODS)[number], Operation>>>;
  'x-unavailable'?: string[];
}

/** Whether some 2xx answer of the operation names a content type with a non-empty schema. */
function documentsItsAnswer(operation: Operation): boolean {
  return Object.entries(operation.responses ?? {}).some(
    ([status, response]) => /^2\d\d$/.test(status) && Object.values(response.content ?? {}).some((media) => Object.keys(media.schema ?? {}).length > 0),
  );
}

describe('the public API document at /api/docs', () => {
  let stack: TestStack;
  let document: ApiDocument;

  beforeAll(async () => {
    stack = await startTestStack();
    const response = await fetch(`${stack.url}/api/docs`);
    assert.equal(response.status, 200);
    document = (await response.json()) as ApiDocument;
  });

  afterAll(async () => {
    await stack?.stop();
  });

  it('is merged from every service', () => {
    assert.equal(document['x-unavailable'], undefined, `services missing from the document: ${document['x-unavailable']?.join(', ')}`);
    assert.ok(Object.keys(document.paths).some((path) => path.startsWith('/api/account')), 'has the account calls');
    assert.ok(Object.keys(document.paths).some((path) => path.startsWith('/api/discover')), 'has the catalog calls');
    assert.ok(Object.keys(document.paths).some((path) => path.startsWith('/api/mycomics')), 'has the reader calls');
  });

  it('declares the shape of the successful answer of every operation', () => {
    const operations = Object.entries(document.paths).flatMap(([path, item]) =>
      METHODS.flatMap((method) => (item[method] ? [{ name: `${method.toUpperCase()} ${path}`, operation: item[method] }] : [])),
    );
    assert.ok(operations.length > 40, `only ${operations.length} operations documented`);
    const undocumented = operations.filter(({ operation }) => !documentsItsAnswer(operation)).map(({ name }) => name);
    assert.deepEqual(undocumented, [], `operations without a 2xx response schema:\n${undocumented.join('\n')}`);
  });
});
