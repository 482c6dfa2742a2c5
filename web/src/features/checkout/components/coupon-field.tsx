import { useState } from 'react';
import { Button } from '@inkwell/ui-kit/button';
import { TextField } from '@/components/ui/field';
import styles from './checkout.module.css';

/** The coupon: checked by pricing the purchase with it (once the address is complete), then shown as applied. */
export function CouponField({ applied, enabled, onApply, onRemove }: { applied: string | null; enabled: boolean; onApply: (code: string) => Promise<string | null>; onRemove: () => void }) {
  const [code, setCode] = useState('');
  const [problem, setProblem] = useState<string | undefined>(undefined);
  const [pending, setPending] = useState(false);
  const apply = async () => {
    const wanted = code.trim();
    if (!wanted) return;
    setPending(true);
    const error = await onApply(wanted);
    setPending(false);
    setProblem(error ?? undefined);
    if (!error) setCode('');
  };
  if (applied) {
    return (
      <p className={styles.coupon}>
        Coupon <strong>{applied.toUpperCase()}</strong> applied.
        <button type="button" className={styles.textButton} onClick={onRemove}>
          Remove<span className="visually-hidden"> coupon {applied}</span>
        </button>
      </p>
    );
  }
  return (
    <div className={styles.couponForm}>
      <TextField
        label="Coupon code"
        name="couponCode"
        autoComplete="off"
        value={code}
        onChange={(event) => {
          setCode(event.target.value);
          setProblem(undefined);
        }}
        onKeyDown={(event) => {
          if (event.key === 'Enter') {
            event.preventDefault();
            void apply();
          }
        }}
        error={problem}
        hint={enabled ? undefined : 'A coupon is checked once your address is complete.'}
      />
      <Button variant="secondary" onClick={() => void apply()} disabled={!enabled || pending || code.trim() === ''} aria-busy={pending || undefined}>
        {pending ? 'Checking…' : 'Apply'}
      </Button>
    </div>
  );
}
