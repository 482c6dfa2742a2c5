import type { ServiceLocation } from '../types';

/** `proto/inkwell/common/v1/service_info.proto`: which build of a service runs, on which drivers. */
export const SERVICE_INFO: ServiceLocation = {
  proto: 'inkwell/common/v1/service_info.proto',
  service: 'inkwell.common.v1.ServiceInfo',
};

export type DescribeRequest = Record<string, never>;

export interface DescribeResponse {
  service: string;
  version: string;
  /** ISO 8601, UTC. */
  startedAt: string;
  /** Driver per port, e.g. `{ events: 'in-process' }`. */
  drivers: Record<string, string>;
}

export interface ServiceInfoService {
  describe(request: DescribeRequest): Promise<DescribeResponse>;
}
