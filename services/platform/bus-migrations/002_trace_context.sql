-- The W3C trace context (`traceparent`, `tracestate`) of the publish span of the row's event, kept
-- beside the envelope (never in it): the consumer's span is its child. Null when tracing is off.
ALTER TABLE bus_deliveries ADD COLUMN trace_context jsonb;
