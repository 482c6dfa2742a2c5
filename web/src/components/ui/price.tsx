import { formatMoney } from '@/lib/format';
import styles from './price.module.css';

interface PriceProps {
  /** What the visitor pays now, in cents. */
  amount: number;
  /** The price before a sale, in cents; struck through when higher than `amount`. */
  fullAmount?: number | undefined;
  currency?: string | undefined;
  /** 'From' when several formats sell at different prices. */
  prefix?: string | undefined;
  size?: 'sm' | 'lg';
  className?: string | undefined;
}

/** A price, with the full price struck through beside it while on sale. */
export function Price({ amount, fullAmount, currency, prefix, size = 'sm', className }: PriceProps) {
  const onSale = fullAmount !== undefined && fullAmount > amount;
  return (
    <span className={[styles.price, styles[size], className].filter(Boolean).join(' ')}>
      {prefix && <span className={styles.prefix}>{prefix} </span>}
      <span className={onSale ? styles.sale : styles.amount}>
        {onSale && <span className="visually-hidden">Sale price </span>}
        {formatMoney(amount, currency)}
      </span>
      {onSale && (
        <del className={styles.full}>
          <span className="visually-hidden">, was </span>
          {formatMoney(fullAmount, currency)}
        </del>
      )}
    </span>
  );
}
