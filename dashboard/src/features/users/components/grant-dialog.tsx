import { useState } from 'react';
import { REASON_MAX_LENGTH, type UserDetail } from '@inkwell/contracts/dashboard-customers';
import { Button } from '@inkwell/ui-kit/button';
import { CloseIcon } from '@inkwell/ui-kit/icons';
import { FormDialog } from '@/components/dialog/form-dialog';
import { toast } from '@/components/feedback/toast';
import { ComboBoxField } from '@/components/form/combo-box-field';
import { SelectField } from '@/components/form/select-field';
import { TextAreaField, TextField } from '@/components/form/text-field';
import { readRefusal } from '@/lib/refusal';
import { loadGrantOptions, useGrantProducts } from '../api/users';
import styles from './users.module.css';

interface Pick {
  sku: string;
  label: string;
}

type Kind = 'add' | 'comp';

/**
 * Grant products to a user: pick them from the catalogue (or type a SKU: a product id or readable
 * URL), say why, and whether it is a staff addition or a complimentary copy. An unknown SKU refuses
 * the whole grant; the refusal is shown here and nothing is granted.
 */
export function GrantDialog({ user, onClose }: { user: UserDetail; onClose: () => void }) {
  const grant = useGrantProducts(user.id);
  const [picks, setPicks] = useState<Pick[]>([]);
  const [typedSku, setTypedSku] = useState('');
  const [reason, setReason] = useState('');
  const [kind, setKind] = useState<Kind>('comp');
  const [errors, setErrors] = useState<{ products?: string; reason?: string; problem?: string }>({});

  const add = (sku: string, label: string) => {
    const clean = sku.trim();
    if (!clean) return;
    setPicks((current) => (current.some((pick) => pick.sku === clean) ? current : [...current, { sku: clean, label }]));
    setErrors((current) => ({ ...current, products: undefined }));
  };

  const submit = () => {
    const next: typeof errors = {};
    if (picks.length === 0) next.products = 'Choose at least one product.';
    if (reason.trim() === '') next.reason = 'Say why the product is granted.';
    setErrors(next);
    if (next.products || next.reason) return;
    grant.mutate(
      { skus: picks.map((pick) => pick.sku), reason: reason.trim(), complimentary: kind === 'comp' },
      {
        onSuccess: () => {
          toast.success(picks.length === 1 ? `Granted “${picks[0]!.label}”` : `Granted ${picks.length} products`);
          onClose();
        },
        onError: (error) => {
          const refusal = readRefusal(error);
          const about = (field: string) =>
            refusal.problems
              .filter((p) => p.field === field || p.field.startsWith(`${field}.`) || p.field.startsWith(`${field}[`) || p.field.startsWith(`${field}/`))
              .map((p) => p.message)
              .join(' ');
          const products = about('productSkus');
          const why = about('reason');
          const rest = refusal.problems.filter((p) => !p.field.startsWith('productSkus') && !p.field.startsWith('reason')).map((p) => p.message);
          setErrors({ products: products || undefined, reason: why || undefined, problem: rest.join(' ') || undefined });
        },
      },
    );
  };

  return (
    <FormDialog
      isOpen
      onOpenChange={(open) => !open && onClose()}
      title={`Grant products to ${user.email}`}
      submitLabel={picks.length > 1 ? `Grant ${picks.length} products` : 'Grant product'}
      isSubmitting={grant.isPending}
      problem={errors.problem}
      size="wide"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <ComboBoxField<string>
        label="Find a product"
        description="Search the catalogue by name; each pick is added to the list below."
        queryKey={['users', 'grant-options']}
        loadOptions={loadGrantOptions}
        value={null}
        clearsOnPick
        onChange={(id, option) => id && add(id, option?.label ?? id)}
        error={errors.products}
      />
      <div className={styles.noteRow}>
        <TextField label="Or add by SKU (a product id or readable URL)" value={typedSku} onChange={setTypedSku} autoComplete="off" className={styles.grow} />
        <Button
          variant="secondary"
          size="sm"
          onClick={() => {
            add(typedSku, typedSku.trim());
            setTypedSku('');
          }}
          disabled={typedSku.trim() === ''}
        >
          Add SKU
        </Button>
      </div>
      {picks.length > 0 ? (
        <ul className={styles.picked} aria-label="Products to grant">
          {picks.map((pick) => (
            <li key={pick.sku} className={styles.chip}>
              <span>
                {pick.label}
                {pick.label !== pick.sku && <span className={styles.muted}> · {/^\d+$/.test(pick.sku) ? `#${pick.sku}` : pick.sku}</span>}
              </span>
              <button
                type="button"
                className={styles.chipRemove}
                aria-label={`Do not grant ${pick.label}`}
                onClick={() => setPicks((current) => current.filter((p) => p.sku !== pick.sku))}
              >
                <CloseIcon size={12} />
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>No products chosen yet.</p>
      )}
      <SelectField<Kind>
        label="Kind of grant"
        options={[
          { id: 'comp', label: 'Complimentary copy' },
          { id: 'add', label: 'Staff addition' },
        ]}
        value={kind}
        onChange={(value) => value && setKind(value)}
      />
      <TextAreaField
        label="Reason"
        isRequired
        rows={3}
        maxLength={REASON_MAX_LENGTH}
        description={`Recorded with the grant and your name. At most ${REASON_MAX_LENGTH} characters.`}
        value={reason}
        onChange={(value) => {
          setReason(value);
          if (value.trim()) setErrors((current) => ({ ...current, reason: undefined }));
        }}
        error={errors.reason}
      />
    </FormDialog>
  );
}
