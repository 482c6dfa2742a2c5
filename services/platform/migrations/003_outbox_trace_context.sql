-- The W3C `traceparent` of the span that wrote the row (null when none was active, e.g. tracing
-- off): the relay's publish span is its child, so a request and the consumers of its events are one trace.
ALTER TABLE outbox ADD COLUMN trace_context text;
