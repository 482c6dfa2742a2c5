import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Attributes, type Context, type Span, type TextMapGetter, type TextMapSetter } from '@opentelemetry/api';
import type { Metadata } from '@grpc/grpc-js';

/**
 * W3C trace context (`traceparent`, `tracestate`) carried across every hop a request or an event
 * takes: HTTP headers, gRPC metadata, Kafka message headers, the in-process bus's rows and the
 * outbox's `trace_context` column. With tracing off (no SDK started, see ./tracing.ts) the API's
 * propagator is a no-op: nothing is written, and what is read yields the root context.
 */

/** Headers as Node, Kafka or a stored row hold them: a value may be a string, a list, or bytes. */
export type TraceCarrier = Record<string, string | string[] | Buffer | null | undefined>;

const carrierGetter: TextMapGetter<TraceCarrier> = {
  keys: (carrier) => Object.keys(carrier),
  get: (carrier, key) => {
    const value = carrier[key] ?? carrier[key.toLowerCase()];
    if (value === null || value === undefined) return undefined;
    if (Buffer.isBuffer(value)) return value.toString('utf8');
    return value;
  },
};

const metadataGetter: TextMapGetter<Metadata> = {
  keys: (metadata) => Object.keys(metadata.getMap()),
  get: (metadata, key) => {
    const values = metadata.get(key).map((value) => (Buffer.isBuffer(value) ? value.toString('utf8') : value));
    return values.length === 0 ? undefined : values;
  },
};

const metadataSetter: TextMapSetter<Metadata> = {
  set: (metadata, key, value) => metadata.set(key, value),
};

/** The trace context of `ctx` (the active one by default) as headers, e.g. `{ traceparent }`; empty when none. */
export function injectTraceContext(ctx: Context = context.active()): Record<string, string> {
  const headers: Record<string, string> = {};
  propagation.inject(ctx, headers);
  return headers;
}

/** The context a carrier of `traceparent`/`tracestate` (HTTP or Kafka headers, a bus row) continues; the root context when it has none. */
export function extractTraceContext(carrier: TraceCarrier | undefined, parent: Context = ROOT_CONTEXT): Context {
  return carrier ? propagation.extract(parent, carrier, carrierGetter) : parent;
}

/** Writes the active trace context into outgoing gRPC metadata. */
export function injectTraceMetadata(metadata: Metadata, ctx: Context = context.active()): Metadata {
  propagation.inject(ctx, metadata, metadataSetter);
  return metadata;
}

/** The context incoming gRPC metadata continues. */
export function extractTraceMetadata(metadata: Metadata): Context {
  return propagation.extract(ROOT_CONTEXT, metadata, metadataGetter);
}

/**
 * The `traceparent` of the active span, to store beside what it wrote (the outbox's
 * `trace_context`), or undefined when no span is recording (tracing off, or outside any request).
 */
export function currentTraceparent(ctx: Context = context.active()): string | undefined {
  return injectTraceContext(ctx).traceparent;
}

/** The context a stored `traceparent` (and `tracestate`) continues; the root context for none. */
export function contextFromTraceparent(traceparent: string | null | undefined, tracestate?: string | null): Context {
  if (!traceparent) return ROOT_CONTEXT;
  return extractTraceContext(tracestate ? { traceparent, tracestate } : { traceparent });
}

/** The ids of the active span for log lines, or undefined when none records. */
export function activeSpanIds(ctx: Context = context.active()): { trace_id: string; span_id: string } | undefined {
  const span = trace.getSpan(ctx);
  if (!span) return undefined;
  const { traceId, spanId, traceFlags } = span.spanContext();
  // An unsampled or remote-only context (a traceparent received while tracing is off) is not logged.
  if (!span.isRecording() && (traceFlags & 1) === 0) return undefined;
  return { trace_id: traceId, span_id: spanId };
}

const TRACER_NAME = 'inkwell';

export interface SpanOptions {
  kind?: SpanKind;
  /** The context the span continues (e.g. from a message's headers); the active one by default. */
  parent?: Context;
  attributes?: Attributes;
}

/**
 * Runs `work` inside a new span, active for everything it awaits, and ends it: an error thrown
 * marks the span ERROR (with the exception recorded) and is rethrown. With tracing off the API's
 * tracer hands out non-recording spans, which cost next to nothing.
 */
export async function withSpan<T>(name: string, options: SpanOptions, work: (span: Span) => Promise<T> | T): Promise<T> {
  const parent = options.parent ?? context.active();
  const span = trace.getTracer(TRACER_NAME).startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, parent);
  try {
    return await context.with(trace.setSpan(parent, span), () => work(span));
  } catch (error) {
    failSpan(span, error);
    throw error;
  } finally {
    span.end();
  }
}

/** Starts a span without making it active (for lifecycles split across callbacks, such as Fastify's hooks). */
export function startSpan(name: string, options: SpanOptions): Span {
  return trace.getTracer(TRACER_NAME).startSpan(name, { kind: options.kind ?? SpanKind.INTERNAL, attributes: options.attributes }, options.parent ?? context.active());
}

/** Marks a span failed by `error`, recording it as an exception event. */
export function failSpan(span: Span, error: unknown): void {
  if (!span.isRecording()) return;
  if (error instanceof Error) span.recordException(error);
  span.setStatus({ code: SpanStatusCode.ERROR, message: error instanceof Error ? error.message : String(error) });
}

export { SpanKind, SpanStatusCode, type Context, type Span };
