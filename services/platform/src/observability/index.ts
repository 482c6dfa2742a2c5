export * from './metrics';
export { trackPool } from './pools';
export * from './propagation';
export { startMetricsServer, type MetricsServer } from './server';
export { isTracing, startTracing, type Tracing, type TracingOptions } from './tracing';
