/** Shapes of the order service's answers (storefront spec §3 Address, Order, Purchase): the API's contract. */
import type { AddressInput, AddressVerificationSchema, Order, OrderItem, PaymentConfig, PaymentMethodName, Purchase, PurchaseRequest, PurchaseSubmit, ShippingCountrySchema, ShippingRate } from '@inkwell/contracts/order';

export type { AddressInput, Order, OrderItem, PaymentConfig, PaymentMethodName, Purchase, PurchaseRequest, PurchaseSubmit, ShippingRate };
export type ShippingCountry = (typeof ShippingCountrySchema)['static'];
export type AddressVerification = (typeof AddressVerificationSchema)['static'];
