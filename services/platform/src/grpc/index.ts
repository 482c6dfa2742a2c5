export { createGrpcServer, type GrpcServer, type GrpcServerOptions, type SettableStatus } from './server';
export {
  checkHealth,
  createGrpcClient,
  type GrpcCallOptions,
  type GrpcClient,
  type GrpcClientOptions,
} from './client';
export { askPeer, GrpcCallError, INTERNAL_ERROR_DETAILS, isPeerUnreachable, type DomainStatusName, type GrpcStatusName } from './errors';
export { loadProto, loadService, protoDir } from './protos';
export type { RequestOf, ResponseOf, ServiceContract, ServiceHandlers, ServiceLocation } from './types';
export * from './contracts/health';
export * from './contracts/service-info';
export * from './contracts/catalog';
export * from './contracts/account-links';
export * from './contracts/entitlements';
export * from './contracts/cart-checkout';
export * from './contracts/account-admin';
export * from './contracts/order-customers';
export * from './contracts/report-links';
