/** The order service's answers the order pages read (storefront spec §3 Order; GET /order/{id} beyond the spec). */
export type { DeliveryEstimate, Order, OrderDetail, OrderItem, OrderShipment, OrderStatusMove } from '@inkwell/contracts/order';
