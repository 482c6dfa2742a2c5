import { Controller, useFormContext, useWatch } from 'react-hook-form';
import { DASHBOARD_PRICE_TYPES } from '@inkwell/contracts/dashboard-products';
import { VARIANT_PRICE_TYPES } from '@inkwell/contracts/catalog-rules';
import { CheckboxField, DatePickerField, NumberField, SelectField, SwitchField, TextField } from '@/components/form';
import { pricingTierOption, usePricingTiers } from '@/lib/api/lookups';
import styles from '@/components/editor/editor.module.css';
import { maxLengthRule, writtenNumber } from '@/lib/limits';
import { PRODUCT_LIMITS, type ProductFormValues } from '../product-form';
import { useServerProblem } from './server-problems';

const PRICE_TYPE_LABELS: Record<(typeof DASHBOARD_PRICE_TYPES)[number], string> = {
  Print: 'Print',
  Free: 'Free',
  FreeForRegistered: 'Free for registered readers',
  Paid: 'Paid',
  NotForSale: 'Not for sale',
  SubscriptionOnly: 'Subscription only',
  PaidOrSubscription: 'Paid or subscription',
  FreeToReadAndPurchaseble: 'Free to read, and for sale',
  FreeToReadForRegisteredAndPurchaseble: 'Free to read for registered, and for sale',
};
type PriceTypeName = (typeof DASHBOARD_PRICE_TYPES)[number];

/**
 * The price types offered for a variant: only those its type can have (a Digital variant is never
 * 'Print'). A saved value outside them stays listed, said to be wrong, so it is seen and changed.
 */
function priceTypeOptions(type: 'Digital' | 'Print', current: PriceTypeName | null | undefined) {
  const valid = VARIANT_PRICE_TYPES[type] as readonly PriceTypeName[];
  const options = valid.map((id) => ({ id, label: PRICE_TYPE_LABELS[id] }));
  if (current && !valid.includes(current)) options.push({ id: current, label: `${PRICE_TYPE_LABELS[current]} (not for a ${type.toLowerCase()} variant)` });
  return options;
}
const { cartLimit, dimension, price } = PRODUCT_LIMITS;

/** Today as YYYY-MM-DD in the staff member's time zone, to compare with a picked day. */
function todayIso(): string {
  const now = new Date();
  return `${now.getFullYear()}-${String(now.getMonth() + 1).padStart(2, '0')}-${String(now.getDate()).padStart(2, '0')}`;
}

/** The Digital and Print variants (spec §3 Product variant), one card each. */
export function VariantsSection() {
  const { control } = useFormContext<ProductFormValues>();
  const variants = useWatch({ control, name: 'variants' });
  return (
    <section className={styles.section} aria-labelledby="variants-title">
      <div className={styles.sectionHeader}>
        <h2 id="variants-title" className={styles.sectionTitle}>
          Variants
        </h2>
        <p className={styles.sectionNote}>An enabled variant must be complete before the product can be published.</p>
      </div>
      {variants.map((variant, index) => (
        <VariantCard key={variant.type} index={index} />
      ))}
    </section>
  );
}

function VariantCard({ index }: { index: number }) {
  const { control, setValue } = useFormContext<ProductFormValues>();
  const variant = useWatch({ control, name: `variants.${index}` });
  const problem = useServerProblem(`variants.${index}`);
  const tiers = usePricingTiers();
  const tierOptions = (tiers.data ?? []).map(pricingTierOption);
  const print = variant.type === 'Print';
  const titleId = `variant-${variant.type}-title`;
  const path = `variants.${index}` as const;
  const positive = (label: string) => (value: number | null) =>
    value === null || (value > 0 && value <= dimension) || `${label} must be more than 0 and at most ${dimension}.`;

  return (
    <div className={styles.subsection} role="group" aria-labelledby={titleId}>
      <div className={styles.sectionHeader}>
        <h3 id={titleId} className={styles.subsectionTitle}>
          {variant.type}
        </h3>
        <Controller
          control={control}
          name={`${path}.present`}
          render={({ field }) => (
            <SwitchField
              label={`Has a ${variant.type.toLowerCase()} variant`}
              {...field}
              onChange={(present) => {
                field.onChange(present);
                if (!present) setValue(`${path}.enabled`, false, { shouldDirty: true });
              }}
            />
          )}
        />
      </div>
      {problem && (
        <p className={styles.inlineProblems} role="note">
          {problem}
        </p>
      )}
      {variant.present && (
        <>
          <div className={styles.checks}>
            <Controller control={control} name={`${path}.enabled`} render={({ field }) => <SwitchField label="Enabled (for sale)" {...field} />} />
            <Controller control={control} name={`${path}.isPreOrder`} render={({ field }) => <CheckboxField label="Pre-order" {...field} />} />
            <Controller
              control={control}
              name={`${path}.usingDefaultPrice`}
              render={({ field }) => <CheckboxField label="Use the default price (of the pricing tier)" {...field} />}
            />
          </div>
          <div className={styles.grid}>
            <Controller
              control={control}
              name={`${path}.priceType`}
              rules={{ validate: (value) => (VARIANT_PRICE_TYPES[variant.type] as readonly string[]).includes(value) || `A ${variant.type.toLowerCase()} variant cannot have the price type ${PRICE_TYPE_LABELS[value]}.` }}
              render={({ field, fieldState }) => (
                <SelectField
                  label="Price type"
                  isRequired
                  options={priceTypeOptions(variant.type, field.value)}
                  {...field}
                  onChange={(next) => next && field.onChange(next)}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name={`${path}.price`}
              rules={{
                validate: (value) =>
                  value === null || (value >= 0 && value <= price) || `Price must be between 0 and ${writtenNumber(price)}.`,
              }}
              render={({ field, fieldState }) => (
                <NumberField
                  label={`Price (${variant.currency || 'USD'})`}
                  description={variant.usingDefaultPrice ? 'The pricing tier sets the price.' : 'In dollars and cents, e.g. 4.99.'}
                  isDisabled={variant.usingDefaultPrice}
                  minValue={0}
                  step={0.01}
                  formatOptions={{ style: 'currency', currency: /^[A-Z]{3}$/.test(variant.currency) ? variant.currency : 'USD' }}
                  {...field}
                  error={fieldState.error?.message}
                />
              )}
            />
            <Controller
              control={control}
              name={`${path}.priceTierId`}
              render={({ field }) => (
                <SelectField<number>
                  label="Pricing tier"
                  options={[{ id: 0, label: 'No tier' }, ...tierOptions]}
                  {...field}
                  value={field.value ?? 0}
                  onChange={(next) => field.onChange(next === 0 ? null : next)}
                  description={tiers.isError ? 'The pricing tiers did not load.' : undefined}
                />
              )}
            />
            <Controller
              control={control}
              name={`${path}.currency`}
              rules={{ pattern: { value: /^[A-Z]{3}$/, message: 'Currency is a three-letter ISO code, e.g. USD.' } }}
              render={({ field, fieldState }) => <TextField label="Currency" maxLength={3} {...field} error={fieldState.error?.message} />}
            />
            <Controller
              control={control}
              name={`${path}.scheduleDate`}
              render={({ field, fieldState }) => (
                <DatePickerField label="Schedule date" granularity="minute" {...field} error={fieldState.error?.message} />
              )}
            />
            <Controller
              control={control}
              name={`${path}.cartLimit`}
              rules={{ validate: (value) => value === null || (Number.isInteger(value) && value >= cartLimit.min && value <= cartLimit.max) || `Cart limit is a whole number from ${cartLimit.min} to ${writtenNumber(cartLimit.max)}.` }}
              render={({ field, fieldState }) => (
                <NumberField label="Cart limit" minValue={1} formatOptions={{ maximumFractionDigits: 0 }} {...field} error={fieldState.error?.message} />
              )}
            />
            <Controller
              control={control}
              name={`${path}.expectedDelay`}
              rules={{ maxLength: maxLengthRule('Expected delay', PRODUCT_LIMITS.expectedDelay) }}
              render={({ field, fieldState }) => (
                <TextField label="Expected delay" placeholder="Ships in 2–3 weeks" {...field} error={fieldState.error?.message} />
              )}
            />
          </div>
          {print && (
            <div className={styles.subsection}>
              <h4 className={styles.subsectionTitle}>Stock</h4>
              <div className={styles.grid}>
                {(['weight', 'height', 'width', 'length'] as const).map((dimension) => (
                  <Controller
                    key={dimension}
                    control={control}
                    name={`${path}.stock.${dimension}`}
                    rules={{ validate: positive(dimension === 'weight' ? 'Weight' : dimension[0]!.toUpperCase() + dimension.slice(1)) }}
                    render={({ field, fieldState }) => (
                      <NumberField
                        label={dimension === 'weight' ? 'Weight (lb)' : `${dimension[0]!.toUpperCase()}${dimension.slice(1)} (in)`}
                        minValue={0}
                        step={0.01}
                        {...field}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                ))}
                <Controller
                  control={control}
                  name={`${path}.stock.inventoryId`}
                  rules={{ maxLength: maxLengthRule('Inventory id', PRODUCT_LIMITS.inventoryId) }}
                  render={({ field, fieldState }) => <TextField label="Inventory id" {...field} error={fieldState.error?.message} />}
                />
                <Controller
                  control={control}
                  name={`${path}.stock.description`}
                  rules={{ maxLength: maxLengthRule('Stock description', PRODUCT_LIMITS.stockDescription) }}
                  render={({ field, fieldState }) => <TextField label="Stock description" {...field} error={fieldState.error?.message} />}
                />
              </div>
              <Controller
                control={control}
                name={`${path}.stock.delayExpected`}
                render={({ field }) => <CheckboxField label="Delay expected" {...field} />}
              />
              {variant.stock.delayExpected && (
                <div className={styles.grid}>
                  <Controller
                    control={control}
                    name={`${path}.stock.delayedUntilDate`}
                    rules={{
                      validate: (value) =>
                        value === null
                          ? 'If delay expected, Delay Date must be set.'
                          : value >= todayIso() || 'If delay expected, Delay Date must be a future date.',
                    }}
                    render={({ field, fieldState }) => (
                      <DatePickerField label="Delayed until" isRequired isFutureOnly {...field} error={fieldState.error?.message} />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`${path}.stock.delayMessage`}
                    rules={{
                      validate: (value) => value.trim() !== '' || 'If delay expected, message must be set',
                      maxLength: maxLengthRule('Delay message', PRODUCT_LIMITS.delayMessage),
                    }}
                    render={({ field, fieldState }) => (
                      <TextField label="Delay message" isRequired className={styles.wide} {...field} error={fieldState.error?.message} />
                    )}
                  />
                </div>
              )}
            </div>
          )}
        </>
      )}
    </div>
  );
}
