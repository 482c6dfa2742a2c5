/**
 * The cart as it will be once a change is accepted, shown at once while the change is on its way
 * (and replaced by the service's answer, or put back if it refuses).
 */
import { lineKey, type CartChange, type CartUnit } from './cart-rules';

/** The fields of a cart the optimistic copy rewrites. */
export interface OptimisticCart<Unit extends CartUnit> {
  cartItems: Unit[];
  total: { amount: number; currency: string };
}

function sameLine(unit: CartUnit, change: CartChange): boolean {
  return lineKey(unit.productId, unit.variant.id) === lineKey(change.productId, change.variantId);
}

/**
 * `cart` with `change` applied. Added units copy one already in the cart, or `newUnit` for a
 * product that is not there yet; without either the addition cannot be pictured and the cart is
 * shown as it is until the answer arrives. Removals take the most recently added units first.
 */
export function applyCartChange<Unit extends CartUnit, Cart extends OptimisticCart<Unit>>(cart: Cart, change: CartChange, newUnit?: Unit): Cart {
  let units = cart.cartItems;
  if (change.removeAll) {
    units = units.filter((unit) => !sameLine(unit, change));
  } else if (change.amount > 0) {
    const template = units.find((unit) => sameLine(unit, change)) ?? newUnit;
    if (!template) return cart;
    units = [...units, ...Array.from({ length: change.amount }, () => template)];
  } else if (change.amount < 0) {
    let toRemove = -change.amount;
    const kept: Unit[] = [];
    for (let index = units.length - 1; index >= 0; index -= 1) {
      const unit = units[index]!;
      if (toRemove > 0 && sameLine(unit, change)) toRemove -= 1;
      else kept.push(unit);
    }
    units = kept.reverse();
  }
  if (units === cart.cartItems) return cart;
  const amount = units.reduce((sum, unit) => sum + unit.price, 0);
  return { ...cart, cartItems: units, total: { ...cart.total, amount } };
}

/** Every change of a batch, in order. */
export function applyCartChanges<Unit extends CartUnit, Cart extends OptimisticCart<Unit>>(cart: Cart, changes: readonly CartChange[], newUnit?: Unit): Cart {
  return changes.reduce((current, change) => applyCartChange(current, change, newUnit), cart);
}
