import assert from 'node:assert/strict';
import { afterAll, beforeAll, describe, it } from 'vitest';
import { Type } from '@sinclair/typebox';
import { BadRequestError, NotFoundError, NumericId, createHttpApp, success, type App } from '@inkwell/platform';
import { testLogger } from '@inkwell/platform/testing';

describe('HTTP app factory', () => {
  let app: App;
  let databaseUp = true;

  beforeAll(async () => {
    app = await createHttpApp({
      name: 'test',
      logger: testLogger,
      readiness: {
        database: async () => {
          if (!databaseUp) throw new Error('connection refused');
        },
      },
    });
    app.post('/api/things', {
      schema: {
        body: Type.Object({
          name: Type.String({ minLength: 1 }),
          count: Type.Integer({ minimum: 0 }),
          email: Type.Optional(Type.String({ pattern: '^[^@\\s]+@[^@\\s]+$', errorMessage: 'Please enter a valid email.' })),
        }),
      },
      handler: async (request) => success({ name: request.body.name, count: request.body.count }),
    });
    app.get('/api/things/:id', {
      schema: { params: Type.Object({ id: Type.String() }), querystring: Type.Object({ count: Type.Optional(Type.Integer({ minimum: 0 })) }) },
      handler: async (request) => {
        if (request.params.id === 'missing') throw new NotFoundError();
        if (request.params.id === 'bad') throw new BadRequestError('That id cannot be used here.');
        if (request.params.id === 'boom') throw new Error('secret internal detail');
        if (request.params.id === 'locked') throw Object.assign(new Error('That is not yours.'), { statusCode: 403 });
        if (request.params.id === 'gone') throw Object.assign(new Error('That was removed.'), { statusCode: 410 });
        return success({ id: request.params.id, count: request.query.count ?? null });
      },
    });
    app.get('/api/ids/:id', {
      schema: { params: Type.Object({ id: NumericId() }) },
      handler: async (request) => success({ id: request.params.id }),
    });
    await app.ready();
  });

  afterAll(() => app.close());

  it('wraps answers in the envelope and echoes the request id', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/things/7?count=3', headers: { 'x-request-id': 'req-123' } });
    assert.equal(response.statusCode, 200);
    assert.deepEqual(response.json(), { status: { type: 'Success' }, response: { id: '7', count: 3 } });
    assert.equal(response.headers['x-request-id'], 'req-123');
  });

  it('makes up a request id when the caller sends none or a malformed one', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/things/7', headers: { 'x-request-id': 'bad id with spaces' } });
    assert.match(String(response.headers['x-request-id']), /^[0-9a-f-]{36}$/);
  });

  it('answers malformed JSON with a 400 envelope', async () => {
    const response = await app.inject({ method: 'POST', url: '/api/things', headers: { 'content-type': 'application/json' }, payload: '{"name": "x",' });
    assert.equal(response.statusCode, 400);
    assert.deepEqual(response.json(), { status: { type: 'BadRequest', message: 'The request body is not valid JSON.' }, response: null });
  });

  it('answers schema violations with a 400 envelope naming the field', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/things', payload: { name: 'x' } });
    assert.equal(missing.statusCode, 400);
    assert.equal(missing.json().status.message, 'count is required in the request body.');
    const negative = await app.inject({ method: 'GET', url: '/api/things/1?count=-5' });
    assert.equal(negative.statusCode, 400);
    assert.equal(negative.json().status.message, 'count in the query must be at least 0.');
    const wrongType = await app.inject({ method: 'POST', url: '/api/things', payload: { name: 'x', count: 'many' } });
    assert.equal(wrongType.statusCode, 400);
    assert.equal(wrongType.json().status.type, 'BadRequest');
  });

  it("uses a schema's own wording when it has one", async () => {
    const response = await app.inject({ method: 'POST', url: '/api/things', payload: { name: 'x', count: 1, email: 'not-an-email' } });
    assert.equal(response.statusCode, 400);
    assert.equal(response.json().status.message, 'Please enter a valid email.');
  });

  it('answers an empty JSON body and a wrong media type with 4xx envelopes', async () => {
    const empty = await app.inject({ method: 'POST', url: '/api/things', headers: { 'content-type': 'application/json' }, payload: '' });
    assert.equal(empty.statusCode, 400);
    assert.equal(empty.json().status.type, 'BadRequest');
    const text = await app.inject({ method: 'POST', url: '/api/things', headers: { 'content-type': 'text/csv' }, payload: 'a,b' });
    assert.equal(text.statusCode, 415);
    assert.equal(text.json().status.type, 'UnsupportedMediaType');
  });

  it('maps domain errors to their status and message', async () => {
    const notFound = await app.inject({ method: 'GET', url: '/api/things/missing' });
    assert.equal(notFound.statusCode, 404);
    assert.deepEqual(notFound.json(), { status: { type: 'NotFound', message: 'Object does not exist in backend' }, response: null });
    const bad = await app.inject({ method: 'GET', url: '/api/things/bad' });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().status.message, 'That id cannot be used here.');
  });

  it('names the status of any 4xx error in status.type, not only BadRequest', async () => {
    const locked = await app.inject({ method: 'GET', url: '/api/things/locked' });
    assert.equal(locked.statusCode, 403);
    assert.deepEqual(locked.json(), { status: { type: 'Forbidden', message: 'That is not yours.' }, response: null });
    const gone = await app.inject({ method: 'GET', url: '/api/things/gone' });
    assert.equal(gone.statusCode, 410);
    assert.equal(gone.json().status.type, 'Gone');
  });

  it('refuses an id a JSON number cannot hold exactly, naming the limit', async () => {
    assert.deepEqual((await app.inject('/api/ids/9007199254740991')).json(), { status: { type: 'Success' }, response: { id: 9007199254740991 } });
    for (const id of ['9007199254740992', '9223372036854775807', '9223372036854775808', '99999999999999999999999']) {
      const response = await app.inject(`/api/ids/${id}`);
      assert.equal(response.statusCode, 400, id);
      assert.equal(response.json().status.message, 'id in the path must be at most 9007199254740991.');
    }
  });

  it('refuses numbers that are not finite, which Ajv would let past minimum and maximum', async () => {
    const query = await app.inject('/api/things/7?count=1e400');
    assert.equal(query.statusCode, 400);
    assert.equal(query.json().status.message, 'count in the query must be a finite number.');
    const body = await app.inject({ method: 'POST', url: '/api/things', headers: { 'content-type': 'application/json' }, payload: '{"name":"x","count":1e400}' });
    assert.equal(body.statusCode, 400);
    assert.equal(body.json().status.type, 'BadRequest');
  });

  it('lists a schema violation as a problem with its field, beside the message', async () => {
    const missing = await app.inject({ method: 'POST', url: '/api/things', headers: { 'content-type': 'application/json' }, payload: '{"count":1}' });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(missing.json().status.problems, [{ field: 'name', message: missing.json().status.message }]);
    const query = await app.inject('/api/things/7?count=1e400');
    assert.deepEqual(query.json().status.problems, [{ field: 'count', message: 'count in the query must be a finite number.' }]);
  });

  it('refuses text holding the NUL character, which PostgreSQL cannot store', async () => {
    const body = await app.inject({ method: 'POST', url: '/api/things', headers: { 'content-type': 'application/json' }, payload: '{"name":"a\\u0000b","count":1}' });
    assert.equal(body.statusCode, 400);
    const message = 'name in the request body may not contain the NUL character (\\u0000).';
    assert.deepEqual(body.json(), { status: { type: 'BadRequest', message, problems: [{ field: 'name', message }] }, response: null });
  });

  it('hides the details of unexpected errors behind a 500 envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/things/boom' });
    assert.equal(response.statusCode, 500);
    assert.equal(response.json().status.type, 'InternalError');
    assert.doesNotMatch(response.body, /secret internal detail/);
  });

  it('answers unknown routes with a NotFound envelope', async () => {
    const response = await app.inject({ method: 'GET', url: '/api/nothing-here?x=1' });
    assert.equal(response.statusCode, 404);
    assert.deepEqual(response.json(), { status: { type: 'NotFound', message: 'No such API call: GET /api/nothing-here' }, response: null });
  });

  it('reports liveness always and readiness from its checks', async () => {
    assert.equal((await app.inject('/health/live')).statusCode, 200);
    assert.equal((await app.inject('/health/ready')).statusCode, 200);
    databaseUp = false;
    const down = await app.inject('/health/ready');
    databaseUp = true;
    assert.equal(down.statusCode, 503);
    assert.deepEqual(down.json().checks, { database: 'connection refused' });
  });

  it('generates an OpenAPI document from the route schemas', async () => {
    const document = (await app.inject('/openapi.json')).json();
    assert.ok(document.paths['/api/things'].post.requestBody, 'the body schema is documented');
    assert.ok(document.paths['/api/things/{id}'].get, 'path parameters use OpenAPI syntax');
  });
});
