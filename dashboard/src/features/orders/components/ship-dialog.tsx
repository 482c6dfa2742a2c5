import { useState, type FormEvent } from 'react';
import { FormDialog } from '@/components/dialog/form-dialog';
import { toast } from '@/components/feedback/toast';
import { TextField } from '@/components/form';
import { readRefusal } from '@/lib/refusal';
import { useShipOrder } from '../api/orders';

type Field = 'carrier' | 'trackingNumber' | 'trackingUrl';
const TRACKING = /^[A-Za-z0-9 -]+$/;

/** Mark a Print order shipped: the carrier, the tracking number and, if there is one, the tracking page. */
export function ShipDialog({ orderId, accountingId, onClose }: { orderId: string; accountingId: string; onClose: () => void }) {
  const ship = useShipOrder();
  const [values, setValues] = useState<Record<Field, string>>({ carrier: '', trackingNumber: '', trackingUrl: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [problem, setProblem] = useState<string>();
  const set = (field: Field) => (value: string) => setValues((current) => ({ ...current, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(undefined);
    const carrier = values.carrier.trim();
    const trackingNumber = values.trackingNumber.trim();
    const trackingUrl = values.trackingUrl.trim();
    const found: Partial<Record<Field, string>> = {};
    if (!carrier) found.carrier = 'Enter the carrier.';
    if (!trackingNumber) found.trackingNumber = 'Enter the tracking number.';
    else if (!TRACKING.test(trackingNumber)) found.trackingNumber = 'Letters, digits, spaces and dashes only.';
    if (trackingUrl && !/^https?:\/\/\S+$/.test(trackingUrl)) found.trackingUrl = 'Enter a web address starting with https://.';
    setErrors(found);
    if (Object.keys(found).length > 0) return;
    try {
      await ship.mutateAsync({ id: orderId, body: { carrier, trackingNumber, ...(trackingUrl ? { trackingUrl } : {}) } });
      toast.success(`${accountingId} marked shipped`, { description: 'The customer is emailed the tracking number.' });
      onClose();
    } catch (error) {
      const placed: Partial<Record<Field, string>> = {};
      const rest: string[] = [];
      for (const refused of readRefusal(error).problems) {
        const field = (['carrier', 'trackingNumber', 'trackingUrl'] as const).find((name) => refused.field.includes(name));
        if (field) placed[field] = refused.message;
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
      title={`Mark ${accountingId} shipped`}
      submitLabel="Mark shipped"
      onSubmit={(event) => void submit(event)}
      isSubmitting={ship.isPending}
      problem={problem}
    >
      <TextField label="Carrier" isRequired autoFocus value={values.carrier} onChange={set('carrier')} maxLength={60} placeholder="UPS, USPS, DHL…" error={errors.carrier} />
      <TextField label="Tracking number" isRequired value={values.trackingNumber} onChange={set('trackingNumber')} maxLength={100} error={errors.trackingNumber} />
      <TextField
        label="Tracking page (optional)"
        type="url"
        inputMode="url"
        value={values.trackingUrl}
        onChange={set('trackingUrl')}
        maxLength={500}
        placeholder="https://"
        error={errors.trackingUrl}
      />
    </FormDialog>
  );
}
