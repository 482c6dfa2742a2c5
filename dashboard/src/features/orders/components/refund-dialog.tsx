import { useMemo, useState, type FormEvent } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { REASON_MAX_LENGTH, type RefundOrderBody, type StaffOrder } from '@inkwell/contracts/dashboard-customers';
import { FormDialog } from '@/components/dialog/form-dialog';
import { toast } from '@/components/feedback/toast';
import { CheckboxField, NumberField, TextAreaField } from '@/components/form';
import { errorMessage } from '@/lib/staff-api';
import { readRefusal } from '@/lib/refusal';
import { useDebouncedValue } from '@/lib/use-debounced-value';
import { ordersQueryKey, previewRefund, useRefundOrder } from '../api/orders';
import { formatCents, roundCents } from '../money';
import { newIdempotencyKey } from '@/lib/idempotency';
import styles from '../orders.module.css';

/** How long the form rests before the preview is asked again. */
const PREVIEW_DEBOUNCE_MS = 300;

interface Errors {
  reason?: string;
  shipping?: string;
  items?: string;
}

/**
 * Refund an order: chosen items and quantities and some shipping, or everything left; a reason is
 * required. The total is previewed by the order service (`/refund/preview`) as the form changes.
 * One `Idempotency-Key` per opening of the dialog, so a double click or a retry refunds once.
 */
export function RefundDialog({ order, onClose }: { order: StaffOrder; onClose: () => void }) {
  const refund = useRefundOrder();
  const [idempotencyKey] = useState(newIdempotencyKey);
  const [everything, setEverything] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, number | null>>({});
  const [shipping, setShipping] = useState<number | null>(null);
  const [reason, setReason] = useState('');
  const [errors, setErrors] = useState<Errors>({});
  const [problem, setProblem] = useState<string>();

  const currency = order.isoCurrency || 'USD';
  const shippingLeft = roundCents(Math.max(order.priceDetails.shippingCost - order.priceDetails.refundedShipping, 0));

  const choice = useMemo<Omit<RefundOrderBody, 'refundReason'> | null>(() => {
    if (everything) return {};
    // Only lines with something left (the order is read again after a refund elsewhere), at most what is left.
    const items = order.orderItems.flatMap((item) => {
      const quantity = quantities[item.position];
      const left = item.quantity - item.refundedQuantity;
      return quantity && quantity > 0 && left > 0 ? [{ position: item.position, quantity: Math.min(quantity, left) }] : [];
    });
    const shippingAmount = shipping !== null && shipping > 0 ? roundCents(shipping * 100) : undefined;
    if (items.length === 0 && shippingAmount === undefined) return null;
    return { ...(items.length > 0 ? { items } : {}), ...(shippingAmount !== undefined ? { shippingAmount } : {}) };
  }, [everything, quantities, shipping, order.orderItems]);

  const debouncedChoice = useDebouncedValue(choice, PREVIEW_DEBOUNCE_MS);
  const preview = useQuery({
    queryKey: [...ordersQueryKey, 'refund-preview', order.id, debouncedChoice],
    // The preview moves nothing; the reason is not part of what it works out.
    queryFn: ({ signal }) => previewRefund(order.id, { refundReason: reason.trim() || 'Preview', ...debouncedChoice }, signal),
    enabled: debouncedChoice !== null,
    placeholderData: keepPreviousData,
    retry: false,
    staleTime: 0,
  });
  const previewIsCurrent = choice !== null && debouncedChoice === choice && !preview.isFetching;

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(undefined);
    const found: Errors = {};
    const refundReason = reason.trim();
    if (!refundReason) found.reason = 'Give the reason for the refund.';
    if (choice === null) found.items = 'Choose items or a shipping amount, or refund everything left.';
    setErrors(found);
    if (found.reason || found.items || choice === null) return;
    try {
      const record = await refund.mutateAsync({ id: order.id, body: { refundReason, ...choice }, idempotencyKey });
      toast.success(`Refunded ${formatCents(record.amount, currency)} on ${order.accountingId}`, { description: 'The customer is emailed about the refund.' });
      onClose();
    } catch (error) {
      const placed: Errors = {};
      const rest: string[] = [];
      for (const refused of readRefusal(error).problems) {
        if (refused.field.includes('refundReason')) placed.reason = refused.message;
        else if (refused.field.includes('shippingAmount')) placed.shipping = refused.message;
        else if (refused.field.includes('items')) placed.items = [placed.items, refused.message].filter(Boolean).join(' ');
        else rest.push(refused.message);
      }
      setErrors(placed);
      setProblem(rest.join(' ') || undefined);
    }
  };

  return (
    <FormDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Refund ${order.accountingId}`}
      submitLabel="Refund"
      onSubmit={(event) => void submit(event)}
      isSubmitting={refund.isPending}
      problem={problem}
      size="wide"
    >
      <p className={styles.muted}>
        Paid {formatCents(order.priceDetails.totalPrice, currency)}; refunded so far {formatCents(order.priceDetails.refundedAmount, currency)}; left to refund{' '}
        {formatCents(order.priceDetails.refundableAmount, currency)}. Refunded Digital items leave the customer’s library.
      </p>
      <CheckboxField
        label="Refund everything left"
        description="Every item not refunded yet and the shipping left; the order ends Cancelled."
        value={everything}
        onChange={setEverything}
      />
      <fieldset className={styles.refundItems} disabled={everything} aria-describedby={errors.items ? 'refund-items-error' : undefined}>
        <legend className={styles.legend}>Items</legend>
        {order.orderItems.map((item) => {
          const left = item.quantity - item.refundedQuantity;
          return (
            <div key={item.position} className={styles.refundItem}>
              {left > 0 ? (
                <NumberField
                  label={`Quantity of ${item.name} to refund`}
                  description={`${item.distributionType} · ${formatCents(item.price, item.currency || currency)} each · ${left} of ${item.quantity} left to refund`}
                  value={everything ? left : (quantities[item.position] ?? null)}
                  onChange={(value) => setQuantities((current) => ({ ...current, [item.position]: value }))}
                  minValue={0}
                  maxValue={left}
                  step={1}
                  showSteppers
                  isDisabled={everything}
                  formatOptions={{ maximumFractionDigits: 0 }}
                />
              ) : (
                <p className={styles.refundedLine}>
                  <strong>{item.name}</strong> <span className={styles.muted}>· {item.distributionType} · refunded</span>
                </p>
              )}
            </div>
          );
        })}
        {shippingLeft > 0 && (
          <NumberField
            label="Shipping to refund"
            description={`Up to ${formatCents(shippingLeft, currency)}.`}
            value={everything ? shippingLeft / 100 : shipping}
            onChange={setShipping}
            minValue={0}
            maxValue={shippingLeft / 100}
            isDisabled={everything}
            formatOptions={{ style: 'currency', currency, maximumFractionDigits: 4 }}
            error={errors.shipping}
          />
        )}
        {errors.items && (
          <p id="refund-items-error" className={styles.fieldError} role="alert">
            {errors.items}
          </p>
        )}
      </fieldset>
      <TextAreaField
        label="Reason"
        isRequired
        value={reason}
        onChange={setReason}
        rows={2}
        maxLength={REASON_MAX_LENGTH}
        description="Kept with the refund and shown in the customer’s email."
        error={errors.reason}
      />
      <div className={styles.preview} aria-live="polite" aria-busy={preview.isFetching || undefined}>
        <h3 className={styles.previewTitle}>Refund preview</h3>
        {choice === null ? (
          <p className={styles.muted}>Choose items or shipping to see the refund.</p>
        ) : preview.isError ? (
          <p className={styles.fieldError} role="alert">
            {errorMessage(preview.error)}
          </p>
        ) : preview.data ? (
          <div className={previewIsCurrent ? undefined : styles.stale}>
            <ul className={styles.previewLines}>
              {preview.data.items.map((line) => (
                <li key={line.position}>
                  {line.quantity} × {line.name}: {formatCents(line.amount, preview.data.isoCurrency)}
                  {line.tax > 0 && <span className={styles.muted}> (tax {formatCents(line.tax, preview.data.isoCurrency)})</span>}
                </li>
              ))}
              {preview.data.shippingAmount > 0 && <li>Shipping: {formatCents(preview.data.shippingAmount, preview.data.isoCurrency)}</li>}
            </ul>
            <p className={styles.previewTotal}>
              Refund total: <strong>{formatCents(preview.data.amount, preview.data.isoCurrency)}</strong>
              {preview.data.full && <span className={styles.muted}> · refunds everything left; the order will be Cancelled</span>}
            </p>
          </div>
        ) : (
          <p className={styles.muted}>Working out the refund…</p>
        )}
      </div>
    </FormDialog>
  );
}
