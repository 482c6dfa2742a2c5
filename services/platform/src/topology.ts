/**
 * The services of Inkwell and the ports each listens on. Every place that needs to know where a
 * service lives (the all-in-one launcher, the gateway's route table, gRPC clients, the Kubernetes
 * manifests and their test, docker-compose) reads it from here, so a port is written once.
 */
export const SERVICE_NAMES = ['account', 'catalog', 'cart', 'order', 'reader', 'analytics', 'support'] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];

export interface ServicePorts {
  /** Fastify HTTP port: the public API (behind the gateway) and health probes. */
  http: number;
  /** gRPC port for synchronous calls between services. */
  grpc: number;
  /** `GET /metrics` (Prometheus), apart from the API so the gateway never routes it. */
  metrics: number;
}

export const SERVICE_PORTS: Record<ServiceName, ServicePorts> = {
  account: { http: 8101, grpc: 9101, metrics: 9401 },
  catalog: { http: 8102, grpc: 9102, metrics: 9402 },
  cart: { http: 8103, grpc: 9103, metrics: 9403 },
  order: { http: 8104, grpc: 9104, metrics: 9404 },
  reader: { http: 8105, grpc: 9105, metrics: 9405 },
  analytics: { http: 8106, grpc: 9106, metrics: 9406 },
  support: { http: 8107, grpc: 9107, metrics: 9407 },
};

export const GATEWAY_PORT = 8080;

/** The gateway's metrics port; under `npm start` (one process) the whole process's metrics are served there. */
export const GATEWAY_METRICS_PORT = 9400;

export function isServiceName(value: string): value is ServiceName {
  return (SERVICE_NAMES as readonly string[]).includes(value);
}

/** Environment variable prefix of a service's own settings, e.g. `CATALOG_DATABASE_URL`. */
export function envPrefix(service: ServiceName): string {
  return service.toUpperCase();
}
