import { useId, useState, type FormEvent } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { Button } from '@inkwell/ui-kit/button';
import { TagIcon } from '@inkwell/ui-kit/icons';
import { formatMoney } from '@/lib/format';
import type { CartView } from '../types';
import styles from './coupon-form.module.css';

export const COUPON_MESSAGES = {
  noSaving: "This coupon doesn't take anything off this cart.",
} as const;

interface CouponFormProps {
  code: string | undefined;
  /** `GET /cart/{id}?couponCode=`: the cart with the saving the coupon gives. */
  preview: UseQueryResult<CartView>;
  currency: string;
  onApply: (code: string | undefined) => void;
  disabled?: boolean;
}

/**
 * A coupon code field: the code is checked against this cart (`couponSaveAmount` of the cart
 * answer) and its saving shown under the subtotal; the order takes it at checkout.
 */
export function CouponForm({ code, preview, currency, onApply, disabled = false }: CouponFormProps) {
  const [typed, setTyped] = useState(code ?? '');
  const inputId = useId();
  const messageId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const next = typed.trim();
    onApply(next === '' ? undefined : next);
  };

  let message: { tone: 'error' | 'success' | 'info'; text: string } | null = null;
  if (code && preview.isError) message = { tone: 'error', text: preview.error.message };
  else if (code && preview.isPending) message = { tone: 'info', text: 'Checking the coupon…' };
  else if (code && preview.data) {
    const saving = preview.data.couponSaveAmount ?? 0;
    message = saving > 0 ? { tone: 'success', text: `Coupon ${code} applied: you save ${formatMoney(saving, currency)}.` } : { tone: 'error', text: COUPON_MESSAGES.noSaving };
  }

  return (
    <form className={styles.form} onSubmit={submit} aria-label="Coupon">
      <label htmlFor={inputId} className={styles.label}>
        <TagIcon size={16} />
        Coupon code
      </label>
      <div className={styles.row}>
        <input
          id={inputId}
          className={styles.input}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          maxLength={64}
          disabled={disabled}
          aria-describedby={message ? messageId : undefined}
          aria-invalid={message?.tone === 'error' || undefined}
        />
        {code && typed.trim() === code ? (
          <Button
            variant="ghost"
            size="sm"
            disabled={disabled}
            onClick={() => {
              setTyped('');
              onApply(undefined);
            }}
          >
            Remove
          </Button>
        ) : (
          <Button type="submit" variant="secondary" size="sm" disabled={disabled || typed.trim() === ''}>
            Apply
          </Button>
        )}
      </div>
      {message && (
        <p id={messageId} className={`${styles.message} ${styles[message.tone]}`} role={message.tone === 'error' ? 'alert' : 'status'}>
          {message.text}
        </p>
      )}
    </form>
  );
}
