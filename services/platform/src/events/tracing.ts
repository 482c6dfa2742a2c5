import { isSpanContextValid, trace, type Context } from '@opentelemetry/api';
import { contextFromTraceparent, extractTraceContext, failSpan, injectTraceContext, SpanKind, startSpan, withSpan } from '../observability/propagation';
import type { EventEnvelope } from './envelope';

/**
 * Trace context of events (W3C `traceparent` / `tracestate`), carried beside an event and never in
 * it: the outbox row keeps the `traceparent` of the span that wrote it, the relay's publish span is
 * its child, and the bus hands the publish span's context to consumers (Kafka message headers, the
 * embedded bus's rows), whose span is a child of that. With tracing off (no SDK registered) nothing
 * is written down, rows and messages carry no context, and no span is started for them.
 */

/** The W3C trace context headers of one event (`traceparent`, and `tracestate` when there is one). */
export type TraceCarrier = Record<string, string>;

/** The context a carrier continues, or undefined when it holds no valid span context. */
function parentOf(context: Context): Context | undefined {
  const parent = trace.getSpanContext(context);
  return parent && isSpanContextValid(parent) ? context : undefined;
}

/** A publish span of an event whose outbox row kept its writer's `traceparent`. */
export interface PublishSpan {
  /** The context handed to the bus with the event: the publish span's own. */
  carrier: TraceCarrier;
  /** Ends the span, marked failed when `error` is given. */
  end(error?: unknown): void;
}

/**
 * Starts the PRODUCER span `publish <type>` as a child of the stored `traceparent`; none (undefined)
 * for a row written with no span active.
 */
export function startPublishSpan(event: EventEnvelope, traceparent: string | null): PublishSpan | undefined {
  if (!traceparent) return undefined;
  const parent = parentOf(contextFromTraceparent(traceparent));
  if (!parent) return undefined;
  const span = startSpan(`publish ${event.type}`, {
    kind: SpanKind.PRODUCER,
    parent,
    attributes: { 'messaging.operation.type': 'send', 'messaging.destination.name': event.type, 'messaging.message.id': event.id },
  });
  return {
    carrier: injectTraceContext(trace.setSpan(parent, span)),
    end(error) {
      if (error !== undefined) failSpan(span, error);
      span.end();
    },
  };
}

/**
 * Runs a consumer group's handling of `event` inside a CONSUMER span `process <type>`, child of the
 * context the event arrived with and active while it runs (the inbox and the effect); without one
 * (tracing off where it was published) it just runs.
 */
export async function consumeTraced(group: string, event: EventEnvelope, carrier: TraceCarrier | null | undefined, handle: () => Promise<void>): Promise<void> {
  const parent = carrier?.traceparent ? parentOf(extractTraceContext(carrier)) : undefined;
  if (!parent) return handle();
  await withSpan(
    `process ${event.type}`,
    {
      kind: SpanKind.CONSUMER,
      parent,
      attributes: {
        'messaging.operation.type': 'process',
        'messaging.destination.name': event.type,
        'messaging.consumer.group.name': group,
        'messaging.message.id': event.id,
      },
    },
    handle,
  );
}
