import type { ServiceLocation } from '../types';

/** The standard gRPC health checking protocol, which every Inkwell gRPC server answers. */
export const HEALTH: ServiceLocation = { proto: 'grpc/health/v1/health.proto', service: 'grpc.health.v1.Health' };

export type ServingStatus = 'UNKNOWN' | 'SERVING' | 'NOT_SERVING' | 'SERVICE_UNKNOWN';

export interface HealthCheckRequest {
  /** Fully qualified service name; '' means the server as a whole. */
  service: string;
}

export interface HealthCheckResponse {
  status: ServingStatus;
}

/** Unary part of the Health service; Watch is a server stream and is served by the gRPC server itself. */
export interface HealthService {
  check(request: HealthCheckRequest): Promise<HealthCheckResponse>;
}
