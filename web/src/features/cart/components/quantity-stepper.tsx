import { canDecrease, canIncrease, type CartUnit } from '../cart-rules';
import { MinusIcon, PlusIcon } from './cart-icons';
import styles from './quantity-stepper.module.css';

interface QuantityStepperProps {
  quantity: number;
  unit: CartUnit;
  /** What the buttons' names say they change ("Decrease quantity of …"). */
  itemName: string;
  onChange: (quantity: number) => void;
  disabled?: boolean;
}

/**
 * − and + around the quantity (storefront spec §5): decrease stops at 1, increase at the variant's
 * cart limit. The number is announced as it changes, so a screen reader hears each click land.
 */
export function QuantityStepper({ quantity, unit, itemName, onChange, disabled = false }: QuantityStepperProps) {
  const atLimit = !canIncrease(quantity, unit);
  return (
    <div className={styles.stepper} role="group" aria-label={`Quantity of ${itemName}`}>
      <button type="button" className={styles.step} aria-label={`Decrease quantity of ${itemName}`} disabled={disabled || !canDecrease(quantity)} onClick={() => onChange(quantity - 1)}>
        <MinusIcon size={16} />
      </button>
      <output className={styles.value} aria-live="polite">
        {quantity}
      </output>
      <button
        type="button"
        className={styles.step}
        aria-label={`Increase quantity of ${itemName}`}
        title={atLimit && Number.isFinite(unit.variant.cartLimit) ? `No more than ${unit.variant.cartLimit} per order` : undefined}
        disabled={disabled || atLimit}
        onClick={() => onChange(quantity + 1)}
      >
        <PlusIcon size={16} />
      </button>
    </div>
  );
}
