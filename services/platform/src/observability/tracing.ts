import { context, propagation, trace } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider, SimpleSpanProcessor, type SpanExporter } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';
import { loadTracingSettings, type Env } from '../config';

/** A started tracing SDK; `shutdown` flushes what is buffered and switches tracing off again. */
export interface Tracing {
  forceFlush(): Promise<void>;
  shutdown(): Promise<void>;
}

export interface TracingOptions {
  /**
   * Where spans go instead of OTLP, each as soon as it ends: tests pass the SDK's own
   * `InMemorySpanExporter`. Given, tracing starts whatever the environment says.
   */
  exporter?: SpanExporter;
}

let started: Tracing | undefined;

/**
 * Starts OpenTelemetry tracing for the process, once, before anything it should trace: only when
 * `OTEL_EXPORTER_OTLP_ENDPOINT` or `OTEL_EXPORTER_OTLP_TRACES_ENDPOINT` is set and
 * `OTEL_SDK_DISABLED` is not `true` (or a test's exporter is given). Otherwise it does nothing and
 * answers undefined: the API then hands out non-recording spans and a no-op propagator, so the
 * instrumented paths cost next to nothing. Spans are named by `OTEL_SERVICE_NAME`, else
 * `serviceName`; the exporter reads its own `OTEL_EXPORTER_OTLP_*` details (headers, timeout).
 * Registers W3C trace-context propagation and the AsyncLocalStorage context manager.
 */
export function startTracing(env: Env, serviceName: string, options: TracingOptions = {}): Tracing | undefined {
  if (started) return started;
  const settings = loadTracingSettings(env);
  if (!options.exporter && !settings.enabled) return undefined;
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: settings.serviceName ?? serviceName }),
    spanProcessors: [options.exporter ? new SimpleSpanProcessor(options.exporter) : new BatchSpanProcessor(new OTLPTraceExporter({ url: settings.tracesUrl }))],
  });
  provider.register();
  const tracing: Tracing = {
    forceFlush: () => provider.forceFlush(),
    async shutdown() {
      if (started !== tracing) return;
      started = undefined;
      await provider.shutdown();
      trace.disable();
      propagation.disable();
      context.disable();
    },
  };
  started = tracing;
  return tracing;
}

/** Whether this process records spans (startTracing started the SDK). */
export function isTracing(): boolean {
  return started !== undefined;
}
