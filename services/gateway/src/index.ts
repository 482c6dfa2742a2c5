export { createGateway, type GatewayOptions } from './server';
export { routeFor } from './route-table';
