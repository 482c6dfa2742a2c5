import { useEffect, useId, type ReactNode } from 'react';
import { useController, type Control, type FieldPath } from 'react-hook-form';
import fieldStyles from '@/components/ui/field.module.css';
import { TextField } from '@/components/ui/field';
import { addressErrors, type AddressField, type AddressForm } from '../checkout-rules';
import type { ShippingCountry } from '../types';
import type { CheckoutValues } from './checkout-values';
import styles from './checkout.module.css';

type AddressKey = 'billing' | 'shipping';

interface AddressFieldsetProps {
  kind: AddressKey;
  legend: string;
  control: Control<CheckoutValues>;
  countries: ShippingCountry[];
  /** Whether this address is asked for at all (shipping only with Print items, and not when it is the billing one). */
  active: boolean;
  /** Shown under the legend (e.g. the 'Same as billing' switch). */
  children?: ReactNode;
}

export function statesOf(countries: ShippingCountry[], code: string) {
  return countries.find((country) => country.countryCode === code)?.states ?? [];
}

const FIELDS: Array<{ name: AddressField; label: string; autoComplete: string; type?: string; inputMode?: 'tel' | 'email'; optional?: boolean; wide?: boolean }> = [
  { name: 'firstName', label: 'First name', autoComplete: 'given-name' },
  { name: 'surName', label: 'Surname', autoComplete: 'family-name' },
  { name: 'companyName', label: 'Company (optional)', autoComplete: 'organization', optional: true, wide: true },
  { name: 'address', label: 'Address', autoComplete: 'address-line1', wide: true },
  { name: 'locality', label: 'City', autoComplete: 'address-level2' },
  { name: 'postalCode', label: 'ZIP / postal code', autoComplete: 'postal-code' },
  { name: 'phoneNumber', label: 'Phone number', autoComplete: 'tel', type: 'tel', inputMode: 'tel' },
  { name: 'email', label: 'Email', autoComplete: 'email', type: 'email', inputMode: 'email' },
];

/**
 * A billing or shipping address (storefront spec §3) with spec §5's messages at its fields, shown
 * once a field has been left or Pay pressed. The country is a list (US first, then CA, then the
 * rest, as the service gives it); the state is a list where the country has states.
 */
export function AddressFieldset({ kind, legend, control, countries, active, children }: AddressFieldsetProps) {
  const section = kind === 'billing' ? 'billing' : 'shipping';
  return (
    <fieldset className={styles.fieldset}>
      <legend className={styles.legend}>{legend}</legend>
      {children}
      {active && (
        <div className={styles.addressGrid}>
          {FIELDS.slice(0, 4).map((field) => (
            <AddressInputField key={field.name} kind={kind} field={field} control={control} countries={countries} section={section} />
          ))}
          <CountryField kind={kind} control={control} countries={countries} section={section} />
          <StateField kind={kind} control={control} countries={countries} section={section} />
          {FIELDS.slice(4).map((field) => (
            <AddressInputField key={field.name} kind={kind} field={field} control={control} countries={countries} section={section} />
          ))}
        </div>
      )}
    </fieldset>
  );
}

/** The rule of one field: spec §5's message for it, judged on the whole address (the state depends on the country). */
function fieldRule(kind: AddressKey, name: AddressField, countries: ShippingCountry[]) {
  return {
    validate: (_value: unknown, values: CheckoutValues) => {
      if (kind === 'shipping' && (!values.needsShipping || values.sameAsBilling)) return true;
      const address: AddressForm = values[kind];
      return addressErrors(address, statesOf(countries, address.country).length > 0)[name] ?? true;
    },
  };
}

/**
 * The shared TextField takes no ref: react-hook-form is given something to focus by id instead, so
 * Pay with a wrong field moves focus to the first one.
 */
function useFocusTarget(ref: (instance: { focus: () => void }) => void): string {
  const id = useId();
  useEffect(() => {
    ref({ focus: () => document.getElementById(id)?.focus() });
  }, [ref, id]);
  return id;
}

interface FieldProps {
  kind: AddressKey;
  control: Control<CheckoutValues>;
  countries: ShippingCountry[];
  section: string;
}

function AddressInputField({ kind, field, control, countries, section }: FieldProps & { field: (typeof FIELDS)[number] }) {
  const name = `${kind}.${field.name}` as FieldPath<CheckoutValues>;
  const { field: input, fieldState } = useController({ name, control, rules: fieldRule(kind, field.name, countries) });
  const id = useFocusTarget(input.ref);
  return (
    <div className={field.wide ? styles.wide : undefined}>
      <TextField
        id={id}
        label={field.label}
        name={input.name}
        type={field.type ?? 'text'}
        inputMode={field.inputMode}
        autoComplete={`section-${section} ${kind} ${field.autoComplete}`}
        value={String(input.value ?? '')}
        onChange={input.onChange}
        onBlur={input.onBlur}
        error={fieldState.error?.message}
        aria-required={field.optional ? undefined : true}
      />
    </div>
  );
}

function SelectField({ label, error, children, ...select }: { label: string; error?: string | undefined; children: ReactNode } & React.SelectHTMLAttributes<HTMLSelectElement> & { ref?: React.Ref<HTMLSelectElement> }) {
  const id = useId();
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      <select id={id} className={`${fieldStyles.input} ${styles.select}`} aria-invalid={error ? true : undefined} aria-describedby={error ? `${id}-error` : undefined} {...select}>
        {children}
      </select>
      {error && (
        <p id={`${id}-error`} className={fieldStyles.error} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

function CountryField({ kind, control, countries, section }: FieldProps) {
  const { field, fieldState } = useController({ name: `${kind}.country`, control, rules: fieldRule(kind, 'country', countries) });
  const state = useController({ name: `${kind}.administrativeArea`, control });
  return (
    <SelectField
      label="Country"
      name={field.name}
      autoComplete={`section-${section} ${kind} country`}
      value={field.value}
      ref={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => {
        field.onChange(event.target.value);
        // A state of the previous country means nothing in the new one.
        state.field.onChange('');
      }}
      error={fieldState.error?.message}
      aria-required
    >
      <option value="">Choose a country</option>
      {countries.map((country) => (
        <option key={country.countryCode} value={country.countryCode}>
          {country.name}
        </option>
      ))}
    </SelectField>
  );
}

function StateField({ kind, control, countries, section }: FieldProps) {
  const country = useController({ name: `${kind}.country`, control }).field.value;
  const { field, fieldState } = useController({ name: `${kind}.administrativeArea`, control, rules: fieldRule(kind, 'administrativeArea', countries) });
  const states = statesOf(countries, country);
  const id = useFocusTarget(field.ref);
  if (states.length === 0) {
    return (
      <TextField
        id={id}
        label="State / province / region (optional)"
        name={field.name}
        autoComplete={`section-${section} ${kind} address-level1`}
        value={field.value}
        onChange={field.onChange}
        onBlur={field.onBlur}
      />
    );
  }
  return (
    <SelectField
      label={country === 'CA' ? 'Province' : 'State'}
      name={field.name}
      autoComplete={`section-${section} ${kind} address-level1`}
      value={field.value}
      ref={field.ref}
      onBlur={field.onBlur}
      onChange={(event) => field.onChange(event.target.value)}
      error={fieldState.error?.message}
      aria-required
    >
      <option value="">Choose a {country === 'CA' ? 'province' : 'state'}</option>
      {states.map((state) => (
        <option key={state.code} value={state.code}>
          {state.name}
        </option>
      ))}
    </SelectField>
  );
}
