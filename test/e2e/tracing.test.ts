import assert from 'node:assert/strict';
import { Writable } from 'node:stream';
import { SpanKind, trace } from '@opentelemetry/api';
import { InMemorySpanExporter, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, describe, it } from 'vitest';
import { createGateway } from '@inkwell/gateway';
import {
  SERVICE_INFO,
  createGrpcClient,
  createGrpcServer,
  createHttpApp,
  createLogger,
  loadGatewayConfig,
  startTracing,
  type App,
  type GrpcServer,
  type ServiceInfoService,
  type Tracing,
} from '@inkwell/platform';

/**
 * One request through the gateway to a service whose route calls a gRPC peer: with tracing on it
 * is one trace (gateway SERVER → service SERVER → gRPC CLIENT → gRPC SERVER) and the log lines
 * written on the way carry its ids; with tracing off nothing is traced or forwarded and the
 * request is answered just the same. Tracing is process-wide, so the untraced servers are built
 * (and asked) before tracing starts.
 */

interface Seen {
  /** `traceparent` as the service received it from the gateway. */
  httpTraceparent?: string;
  /** `traceparent` as the gRPC peer received it in the call's metadata. */
  grpcTraceparent?: string;
}

interface Chain {
  gateway: App;
  seen: Seen;
  lines: Array<Record<string, unknown>>;
  close(): Promise<void>;
}

/** The peer, the service calling it, and a gateway in front, all logging into `lines`. */
async function startChain(): Promise<Chain> {
  const lines: Array<Record<string, unknown>> = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      for (const line of chunk.toString('utf8').split('\n')) if (line.trim()) lines.push(JSON.parse(line) as Record<string, unknown>);
      done();
    },
  });
  const logger = createLogger('tracing-test', 'info', sink);
  const seen: Seen = {};

  const peer: GrpcServer = createGrpcServer({ logger, service: 'peer' });
  peer.addService<ServiceInfoService>(SERVICE_INFO.proto, SERVICE_INFO.service, {
    describe: async (_request, metadata) => {
      seen.grpcTraceparent = metadata.get('traceparent')[0]?.toString();
      logger.info('peer describing itself');
      return { service: 'peer', version: '1', startedAt: new Date(0).toISOString(), drivers: {} };
    },
  });
  const peerPort = await peer.listen('127.0.0.1', 0);
  const client = createGrpcClient<ServiceInfoService>(SERVICE_INFO.proto, SERVICE_INFO.service, `127.0.0.1:${peerPort}`);

  const service = await createHttpApp({ name: 'catalog', logger });
  service.get('/api/comic/:id', async (request) => {
    const traceparent = request.headers.traceparent;
    seen.httpTraceparent = typeof traceparent === 'string' ? traceparent : undefined;
    const peerAnswer = await client.describe({});
    return { status: { type: 'Success' }, response: peerAnswer.service };
  });
  await service.listen({ host: '127.0.0.1', port: 0 });
  const address = service.server.address();
  const servicePort = typeof address === 'object' && address ? address.port : 0;

  const config = loadGatewayConfig({ CATALOG_HTTP_URL: `http://127.0.0.1:${servicePort}`, WEB_DIST: '/nonexistent/web', DASHBOARD_DIST: '/nonexistent/dashboard' }, process.cwd());
  const gateway = await createGateway({ config, logger });
  await gateway.ready();
  return {
    gateway,
    seen,
    lines,
    async close() {
      await gateway.close();
      await service.close();
      client.close();
      await peer.shutdown();
    },
  };
}

describe('traces', () => {
  const exporter = new InMemorySpanExporter();
  let tracing: Tracing | undefined;

  afterAll(async () => {
    await tracing?.shutdown();
  });

  it('with tracing off, records nothing, forwards no trace context and answers as usual', async () => {
    const chain = await startChain();
    try {
      const response = await chain.gateway.inject('/api/comic/first');
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().response, 'peer');
      assert.equal(chain.seen.httpTraceparent, undefined, 'no traceparent forwarded to the service');
      assert.equal(chain.seen.grpcTraceparent, undefined, 'no traceparent in the gRPC metadata');
      assert.ok(chain.lines.some((line) => line.msg === 'peer describing itself'));
      assert.ok(chain.lines.every((line) => line.trace_id === undefined && line.span_id === undefined), 'no log line carries trace ids');
      assert.equal(trace.getActiveSpan(), undefined);
    } finally {
      await chain.close();
    }
    assert.deepEqual(exporter.getFinishedSpans(), []);
  });

  it('follows a request gateway → service → gRPC peer as one trace, parent to child, and puts its ids on log lines', async () => {
    tracing = startTracing({}, 'tracing-test', { exporter });
    assert.ok(tracing, 'a test exporter starts tracing');
    const chain = await startChain();
    let spans: ReadableSpan[];
    try {
      const response = await chain.gateway.inject('/api/comic/42?api-version=1.4');
      assert.equal(response.statusCode, 200);
      assert.equal(response.json().response, 'peer');
      await tracing.forceFlush();
      spans = exporter.getFinishedSpans();
    } finally {
      await chain.close();
    }

    const byName = (kind: SpanKind, name: string) => {
      const found = spans.filter((span) => span.kind === kind && span.name === name);
      assert.equal(found.length, 1, `one ${SpanKind[kind]} span ${name} (spans: ${spans.map((span) => `${SpanKind[span.kind]} ${span.name}`).join(', ')})`);
      return found[0]!;
    };
    const gatewaySpan = byName(SpanKind.SERVER, 'GET /api/*');
    const serviceSpan = byName(SpanKind.SERVER, 'GET /api/comic/:id');
    const clientSpan = byName(SpanKind.CLIENT, 'inkwell.common.v1.ServiceInfo/Describe');
    const peerSpan = byName(SpanKind.SERVER, 'inkwell.common.v1.ServiceInfo/Describe');

    const traceId = gatewaySpan.spanContext().traceId;
    for (const span of [serviceSpan, clientSpan, peerSpan]) assert.equal(span.spanContext().traceId, traceId, `${span.name} is in the gateway's trace`);
    assert.equal(gatewaySpan.parentSpanContext, undefined, 'the gateway starts the trace');
    assert.equal(serviceSpan.parentSpanContext?.spanId, gatewaySpan.spanContext().spanId);
    assert.equal(clientSpan.parentSpanContext?.spanId, serviceSpan.spanContext().spanId);
    assert.equal(peerSpan.parentSpanContext?.spanId, clientSpan.spanContext().spanId);
    assert.equal(serviceSpan.attributes['http.route'], '/api/comic/:id');
    assert.equal(serviceSpan.attributes['http.response.status_code'], 200);

    assert.equal(chain.seen.httpTraceparent?.split('-')[1], traceId);
    assert.equal(chain.seen.grpcTraceparent?.split('-')[1], traceId);
    const peerLine = chain.lines.find((line) => line.msg === 'peer describing itself');
    assert.equal(peerLine?.trace_id, traceId);
    assert.equal(peerLine?.span_id, peerSpan.spanContext().spanId);
    const completed = chain.lines.filter((line) => line.msg === 'request completed');
    assert.ok(completed.length >= 2 && completed.every((line) => line.trace_id === traceId), 'the gateway\'s and the service\'s request lines carry the trace id');
  });
});
