import { useState, type FormEvent } from 'react';
import type { AddressInput } from '@inkwell/contracts/order';
import { INVOICE_STATUSES, type OrderEditBody, type StaffOrder } from '@inkwell/contracts/dashboard-customers';
import type { OrderStatus } from '@inkwell/contracts/order-rules';
import { FormDialog } from '@/components/dialog/form-dialog';
import { CheckboxField, SelectField, TextField } from '@/components/form';
import { readRefusal } from '@/lib/refusal';
import { useEditOrder, type OrderEditResult } from '../api/orders';
import { orderStatusLabel } from './order-status-badge';
import styles from '../orders.module.css';

type AddressKey = 'firstName' | 'surName' | 'companyName' | 'address' | 'locality' | 'postalCode' | 'administrativeArea' | 'country' | 'phoneNumber' | 'email';
const ADDRESS_FIELDS: readonly { key: AddressKey; label: string; required: boolean }[] = [
  { key: 'firstName', label: 'First name', required: true },
  { key: 'surName', label: 'Surname', required: true },
  { key: 'companyName', label: 'Company', required: false },
  { key: 'address', label: 'Address', required: true },
  { key: 'locality', label: 'City', required: true },
  { key: 'postalCode', label: 'ZIP code', required: true },
  { key: 'administrativeArea', label: 'State', required: false },
  { key: 'country', label: 'Country', required: true },
  { key: 'phoneNumber', label: 'Phone', required: true },
  { key: 'email', label: 'Email', required: true },
];
type AddressForm = Record<AddressKey, string>;
type AddressKind = 'shippingAddress' | 'billingAddress';

function toForm(address: AddressInput | null): AddressForm | null {
  if (!address) return null;
  return Object.fromEntries(ADDRESS_FIELDS.map(({ key }) => [key, String(address[key] ?? '')])) as AddressForm;
}

function changedAddress(original: AddressInput | null, form: AddressForm | null): AddressInput | undefined {
  if (!original || !form) return undefined;
  const changed = ADDRESS_FIELDS.some(({ key }) => form[key].trim() !== String(original[key] ?? ''));
  if (!changed) return undefined;
  const next: AddressInput = { ...original };
  for (const { key } of ADDRESS_FIELDS) {
    const value = form[key].trim();
    if (key === 'companyName') next.companyName = value || null;
    else next[key] = value;
  }
  return next;
}

/**
 * Edit an order (spec §3 Order edit record): customer name, invoice status, invoice printed, a
 * status move the order-status rule allows, and the addresses. Only what changed is sent; the
 * changes the service reports are handed back to the page.
 */
export function EditOrderDialog({ order, onClose, onSaved }: { order: StaffOrder; onClose: () => void; onSaved: (result: OrderEditResult) => void }) {
  const edit = useEditOrder();
  const [customerName, setCustomerName] = useState(order.customerName ?? '');
  const [invoiceStatusId, setInvoiceStatusId] = useState(order.invoiceStatusId);
  const [invoicePrinted, setInvoicePrinted] = useState(order.invoicePrinted);
  const [status, setStatus] = useState<OrderStatus>(order.status);
  const [addresses, setAddresses] = useState<Record<AddressKind, AddressForm | null>>({
    shippingAddress: toForm(order.shippingAddress),
    billingAddress: toForm(order.billingAddress),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [problem, setProblem] = useState<string>();

  const statusOptions = [order.status, ...order.allowedStatuses.filter((next) => next !== order.status)].map((id) => ({
    id,
    label: id === order.status ? `${orderStatusLabel(id)} (now)` : orderStatusLabel(id),
  }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setProblem(undefined);
    const found: Record<string, string> = {};
    for (const kind of ['shippingAddress', 'billingAddress'] as const) {
      const form = addresses[kind];
      if (!form) continue;
      for (const { key, label, required } of ADDRESS_FIELDS) if (required && !form[key].trim()) found[`${kind}.${key}`] = `Enter the ${label.toLowerCase()}.`;
    }
    setErrors(found);
    if (Object.keys(found).length > 0) return;

    const body: OrderEditBody = {};
    if (customerName.trim() !== (order.customerName ?? '')) body.customerName = customerName.trim();
    if (invoiceStatusId !== order.invoiceStatusId) body.invoiceStatusId = invoiceStatusId;
    if (invoicePrinted !== order.invoicePrinted) body.invoicePrinted = invoicePrinted;
    if (status !== order.status) body.orderStatus = status;
    const shippingAddress = changedAddress(order.shippingAddress, addresses.shippingAddress);
    if (shippingAddress) body.shippingAddress = shippingAddress;
    const billingAddress = changedAddress(order.billingAddress, addresses.billingAddress);
    if (billingAddress) body.billingAddress = billingAddress;
    if (Object.keys(body).length === 0) return setProblem('Nothing changed.');

    try {
      onSaved(await edit.mutateAsync({ id: order.id, body }));
      onClose();
    } catch (error) {
      const placed: Record<string, string> = {};
      const rest: string[] = [];
      for (const refused of readRefusal(error).problems) {
        const field = refused.field.replace(/^\//, '').replaceAll('/', '.');
        if (field && field !== '' && /^(customerName|invoiceStatusId|invoicePrinted|orderStatus|shippingAddress|billingAddress)/.test(field)) placed[field] = refused.message;
        else rest.push(refused.message);
      }
      // A refusal of a field the form shows under no control still gets said.
      const shown = new Set(['customerName', 'invoiceStatusId', 'invoicePrinted', 'orderStatus', ...ADDRESS_FIELDS.flatMap(({ key }) => [`shippingAddress.${key}`, `billingAddress.${key}`])]);
      for (const [field, message] of Object.entries(placed)) if (!shown.has(field)) rest.push(message);
      setErrors(placed);
      setProblem(rest.join(' ') || undefined);
    }
  };

  const addressSection = (kind: AddressKind, title: string) => {
    const form = addresses[kind];
    if (!form) return null;
    return (
      <fieldset className={styles.addressFields}>
        <legend className={styles.legend}>{title}</legend>
        {ADDRESS_FIELDS.map(({ key, label, required }) => (
          <TextField
            key={key}
            label={label}
            isRequired={required}
            value={form[key]}
            onChange={(value) => setAddresses((current) => ({ ...current, [kind]: { ...current[kind]!, [key]: value } }))}
            error={errors[`${kind}.${key}`]}
            type={key === 'email' ? 'email' : key === 'phoneNumber' ? 'tel' : 'text'}
          />
        ))}
      </fieldset>
    );
  };

  return (
    <FormDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Edit ${order.accountingId}`}
      submitLabel="Save changes"
      onSubmit={(event) => void submit(event)}
      isSubmitting={edit.isPending}
      problem={problem}
      size="wide"
    >
      <div className={styles.editGrid}>
        <TextField label="Customer name" autoFocus value={customerName} onChange={setCustomerName} maxLength={200} error={errors.customerName} />
        <SelectField<OrderStatus>
          label="Status"
          options={statusOptions}
          value={status}
          onChange={(value) => value && setStatus(value)}
          description="Only the moves the order’s status allows now are offered."
          error={errors.orderStatus}
        />
        <SelectField<number>
          label="Invoice status"
          options={INVOICE_STATUSES.map((invoice) => ({ id: invoice.id, label: invoice.name }))}
          value={invoiceStatusId}
          onChange={(value) => value !== null && setInvoiceStatusId(value)}
          error={errors.invoiceStatusId}
        />
        <CheckboxField label="Invoice printed" value={invoicePrinted} onChange={setInvoicePrinted} error={errors.invoicePrinted} />
      </div>
      {addressSection('shippingAddress', 'Shipping address')}
      {addressSection('billingAddress', 'Billing address')}
    </FormDialog>
  );
}
