import { useState } from 'react';
import { publishStatusLabel } from '@inkwell/contracts/labels';
import { Controller, useFieldArray, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { BUNDLE_PUBLISH_PROBLEM_FIELDS, BundleSaveBodySchema, type DashboardBundle } from '@inkwell/contracts/dashboard-catalogue';
import { DASHBOARD_PRICE_TYPES } from '@inkwell/contracts/dashboard-products';
import { READABLE_URL_DIGITS_ONLY_MESSAGE, isValidReadableUrl } from '@inkwell/contracts/catalog-rules';
import { Button } from '@inkwell/ui-kit/button';
import { auditQueryKey } from '@/components/audit/audit-trail';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { StatusBadge } from '@/components/feedback/status-badge';
import { toast } from '@/components/feedback/toast';
import { ComboBoxField, NumberField, SelectField, TagSelectField, TextAreaField, TextField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { MenuButton } from '@/components/menu-button';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { formatDateTime, formatMoney } from '@/lib/format';
import { limitOf, maxLengthRule } from '@/lib/limits';
import { applyServerErrors } from '@/lib/refusal';
import { useTerritoryOptions } from '@/lib/api/lookups';
import { EditorAside, RowOrderActions, SAVE_FIRST, SaveBar, refusedAt, saveFirst, useOutcome, useResetOnNewVersion } from '@/components/editor/editor-frame';
import { ProblemSummary, collectFormErrors } from '@/components/editor/problem-summary';
import styles from '@/components/editor/editor.module.css';
import { useChangeBundleStatus, useSubmitBundleIap, type BundleStatusAction } from '../api/change-bundle';
import { loadProductOptions } from '../api/get-product-options';
import { useAlterBundle, useCreateBundle } from '../api/save-bundle';
import { ItemCovers } from './item-covers';
import { bundleToForm, emptyBundleForm, formToBundleSave, itemsTotalCents, type BundleFormValues } from '../bundle-form';

const PRICE_TYPE_OPTIONS = DASHBOARD_PRICE_TYPES.map((type) => ({ id: type, label: type }));
const SERVER_FIELDS: Path<BundleFormValues>[] = ['name', 'description', 'readableUrl', 'items'];
const SERVER_FIELD_MAP: Partial<Record<string, Path<BundleFormValues>>> = { defaultThumbnail: 'thumbnailUrl', 'priceable.price': 'price' };

/** The bundle editor (spec §2 "Bundle editor"): name, description, thumbnail, items with prices, price, territories. */
export function BundleEditor({ bundle }: { bundle: DashboardBundle | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, handleSubmit, reset, setError, setFocus, setValue, formState } = useForm<BundleFormValues>({
    defaultValues: bundle ? bundleToForm(bundle) : emptyBundleForm(),
    mode: 'onBlur',
    // A refused save moves focus to the problem summary, which links to each field.
    shouldFocusError: false,
  });
  const items = useFieldArray({ control, name: 'items' });
  const watchedItems = useWatch({ control, name: 'items' });
  const thumbnailUrl = useWatch({ control, name: 'thumbnailUrl' });
  const currency = useWatch({ control, name: 'currency' });
  const name = useWatch({ control, name: 'name' });
  const territories = useTerritoryOptions();
  const guard = useUnsavedChangesGuard(formState.isDirty);

  const { outcome, report, refuse: refusal, summaryRef } = useOutcome();
  const [removing, setRemoving] = useState(false);
  const create = useCreateBundle();
  const alter = useAlterBundle();
  const changeStatus = useChangeBundleStatus();
  const submitIap = useSubmitBundleIap();

  useResetOnNewVersion(bundle, formState.isDirty, (stored) => reset(bundleToForm(stored)));

  const onInvalid = (errors: FieldErrors<BundleFormValues>) =>
    report({ title: 'The bundle was not saved. Correct these fields:', problems: collectFormErrors(errors) });

  const persist = async (values: BundleFormValues): Promise<number | undefined> => {
    try {
      const body = formToBundleSave(values);
      if (bundle) {
        const saved = await alter.mutateAsync({ id: bundle.id, ...body });
        reset(bundleToForm(saved));
        void queryClient.invalidateQueries({ queryKey: auditQueryKey('bundles', bundle.id) });
        toast.success('Bundle saved.');
        report(null);
        return bundle.id;
      }
      const { id } = await create.mutateAsync(body);
      toast.success('Bundle created as a draft.');
      report(null);
      guard.bypass();
      navigate(`/bundles/${id}`, { replace: true });
      return id;
    } catch (error) {
      applyServerErrors(error, setError, SERVER_FIELDS, SERVER_FIELD_MAP);
      refusal('The bundle was not saved.', error);
      return undefined;
    }
  };

  const saveIfNeeded = () => saveFirst({ needed: formState.isDirty, stored: bundle?.id, handleSubmit, persist, onInvalid });

  const run = async (action: BundleStatusAction, done: string, refused: string) => {
    const id = await saveIfNeeded();
    if (id === undefined) throw new Error(SAVE_FIRST);
    try {
      const result = await changeStatus.mutateAsync({ id, action });
      report(null);
      void queryClient.invalidateQueries({ queryKey: auditQueryKey('bundles', id) });
      toast.success(`${done} Status: ${publishStatusLabel(result.status)}.`);
    } catch (error) {
      refusal(refused, error);
      throw error;
    }
  };

  const submitToApple = async () => {
    if (!bundle) return;
    try {
      const submission = await submitIap.mutateAsync({ id: bundle.id, unsavedChanges: formState.isDirty, updatedAt: bundle.updatedAt });
      report(null);
      toast.success(`Submitted to the Apple store as ${submission.productIdentifier} (${submission.state}).`);
    } catch (error) {
      refusal('The in-app purchase was not submitted.', error);
    }
  };

  const problems = outcome?.problems ?? [];
  const status = bundle?.status ?? 'New';
  const busy = create.isPending || alter.isPending || changeStatus.isPending || submitIap.isPending;
  const canPublish = bundle !== undefined && ['Draft', 'Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon'].includes(status);
  const money = /^[A-Z]{3}$/.test(currency) ? currency : 'USD';

  return (
    <div className={styles.page}>
      {guard.dialog}
      <PageHeader
        title={bundle ? name.trim() || bundle.name || 'Untitled bundle' : 'New bundle'}
        back={{ to: '/bundles', label: 'Bundles' }}
        meta={<StatusBadge status={status} />}
        actions={
          bundle && (
            <>
              {canPublish && (
                <Button onClick={() => void run('publish', 'Bundle published.', 'The bundle cannot be published yet.').catch(() => undefined)} disabled={busy}>
                  {formState.isDirty ? 'Save and publish' : 'Publish'}
                </Button>
              )}
              {status === 'Published' && (
                <Button
                  variant="secondary"
                  onClick={() => void run('unpublish', 'Bundle unpublished.', 'The bundle was not unpublished.').catch(() => undefined)}
                  disabled={busy}
                >
                  Unpublish
                </Button>
              )}
              <MenuButton
                label="More bundle actions"
                actions={[
                  { id: 'iap', label: 'Submit in-app purchase (Apple)', onAction: () => void submitToApple(), isDisabled: busy },
                  { id: 'remove', label: 'Remove…', isDestructive: true, separatorBefore: true, isDisabled: status === 'Removed', onAction: () => setRemoving(true) },
                ]}
              />
            </>
          )
        }
      />

      <ProblemSummary ref={summaryRef} title={outcome?.title ?? ''} problems={problems} onSelect={(field) => setFocus(field as Path<BundleFormValues>)} />

      <div className={styles.layout}>
        <form className={styles.form} noValidate aria-label="Bundle" onSubmit={(event) => void handleSubmit(persist, onInvalid)(event)}>
          <section className={styles.section} aria-labelledby="bundle-basics-title">
            <h2 id="bundle-basics-title" className={styles.sectionTitle}>
              Basics
            </h2>
            <div className={styles.grid}>
              <Controller
                control={control}
                name="name"
                rules={{ validate: (value) => value.trim() !== '' || 'Name is required.', maxLength: maxLengthRule('Name', limitOf(BundleSaveBodySchema.properties.name, 'maxLength')) }}
                render={({ field, fieldState }) => (
                  <TextField label="Name" isRequired className={styles.wide} {...field} error={fieldState.error?.message ?? refusedAt(outcome, BUNDLE_PUBLISH_PROBLEM_FIELDS.name)} />
                )}
              />
              <Controller
                control={control}
                name="readableUrl"
                rules={{ validate: (value) => isValidReadableUrl(value) || READABLE_URL_DIGITS_ONLY_MESSAGE }}
                render={({ field, fieldState }) => (
                  <TextField label="Readable URL" className={styles.wide} {...field} error={fieldState.error?.message ?? refusedAt(outcome, BUNDLE_PUBLISH_PROBLEM_FIELDS.readableUrl)} />
                )}
              />
              <Controller
                control={control}
                name="description"
                render={({ field, fieldState }) => (
                  <TextAreaField label="Description" rows={5} className={styles.wide} {...field} error={fieldState.error?.message ?? refusedAt(outcome, BUNDLE_PUBLISH_PROBLEM_FIELDS.description)} />
                )}
              />
              <Controller
                control={control}
                name="thumbnailUrl"
                rules={{ validate: (value) => value.trim() === '' || /^(https?:\/\/|\/)\S+$/.test(value.trim()) || 'Enter an image address (https://… or /…).' }}
                render={({ field, fieldState }) => (
                  <TextField
                    label="Default thumbnail (image address)"
                    type="url"
                    className={styles.wide}
                    {...field}
                    error={fieldState.error?.message ?? (thumbnailUrl.trim() === '' ? refusedAt(outcome, BUNDLE_PUBLISH_PROBLEM_FIELDS.defaultThumbnail) : undefined)}
                  />
                )}
              />
              <Controller
                control={control}
                name="thumbnailWidth"
                render={({ field }) => <NumberField label="Thumbnail width (px)" minValue={0} formatOptions={{ maximumFractionDigits: 0 }} {...field} />}
              />
              <Controller
                control={control}
                name="thumbnailHeight"
                render={({ field }) => <NumberField label="Thumbnail height (px)" minValue={0} formatOptions={{ maximumFractionDigits: 0 }} {...field} />}
              />
              <ItemCovers
                productIds={watchedItems.flatMap((item) => (item.productId === null ? [] : [item.productId]))}
                current={thumbnailUrl.trim()}
                onChoose={(cover) => {
                  setValue('thumbnailUrl', cover.url, { shouldDirty: true, shouldValidate: true });
                  setValue('thumbnailWidth', cover.width || null, { shouldDirty: true });
                  setValue('thumbnailHeight', cover.height || null, { shouldDirty: true });
                }}
              />
              <Controller
                control={control}
                name="restrictedTerritories"
                render={({ field }) => <TagSelectField<string> label="Restricted territories" className={styles.wide} options={territories} {...field} />}
              />
            </div>
          </section>

          <section className={styles.section} aria-labelledby="bundle-price-title">
            <h2 id="bundle-price-title" className={styles.sectionTitle}>
              Price
            </h2>
            <div className={styles.grid}>
              <Controller
                control={control}
                name="priceType"
                render={({ field }) => <SelectField label="Price type" options={PRICE_TYPE_OPTIONS} {...field} onChange={(next) => next && field.onChange(next)} />}
              />
              <Controller
                control={control}
                name="price"
                rules={{ validate: (value) => value === null || (value >= 0 && value <= 1_000_000) || 'Price must be between 0 and 1,000,000.' }}
                render={({ field, fieldState }) => (
                  <NumberField
                    label={`Bundle price (${money})`}
                    minValue={0}
                    step={0.01}
                    formatOptions={{ style: 'currency', currency: money }}
                    description={`The items add up to ${formatMoney(itemsTotalCents(watchedItems), money)}.`}
                    {...field}
                    error={fieldState.error?.message}
                  />
                )}
              />
              <Controller
                control={control}
                name="currency"
                rules={{ pattern: { value: /^[A-Z]{3}$/, message: 'Currency is a three-letter ISO code, e.g. USD.' } }}
                render={({ field, fieldState }) => <TextField label="Currency" maxLength={3} {...field} error={fieldState.error?.message} />}
              />
            </div>
          </section>

          <section className={styles.section} aria-labelledby="bundle-items-title">
            <div className={styles.sectionHeader}>
              <h2 id="bundle-items-title" className={styles.sectionTitle}>
                Items
              </h2>
              <Button variant="secondary" size="sm" onClick={() => items.append({ productId: null, name: '', price: null })}>
                Add item
              </Button>
            </div>
            {items.fields.length === 0 && <p className={styles.sectionNote}>No items yet. Add the products this bundle sells together.</p>}
            <ol className={styles.rows}>
              {items.fields.map((item, index) => (
                <li key={item.id} className={`${styles.row} ${styles.itemRow}`}>
                  <Controller
                    control={control}
                    name={`items.${index}.productId`}
                    rules={{
                      validate: (value) => {
                        if (value === null) return 'Choose a product.';
                        const repeated = watchedItems.filter((other) => other.productId === value).length > 1;
                        return !repeated || 'This product is already in the bundle.';
                      },
                    }}
                    render={({ field, fieldState }) => (
                      <ComboBoxField<number>
                        label={`Item ${index + 1} product`}
                        isRequired
                        loadOptions={loadProductOptions}
                        queryKey={['dashboard', 'product-options']}
                        selectedLabel={watchedItems[index]?.name || undefined}
                        placeholder="Type to search products"
                        {...field}
                        onChange={(id, option) => {
                          field.onChange(id);
                          items.update(index, { ...watchedItems[index]!, productId: id, name: option?.label ?? '' });
                        }}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                  <Controller
                    control={control}
                    name={`items.${index}.price`}
                    rules={{ validate: (value) => (value !== null && value >= 0 && value <= 1_000_000) || 'Enter the item’s price in the bundle.' }}
                    render={({ field, fieldState }) => (
                      <NumberField
                        label={`Item ${index + 1} price`}
                        isRequired
                        minValue={0}
                        step={0.01}
                        formatOptions={{ style: 'currency', currency: money }}
                        {...field}
                        error={fieldState.error?.message}
                      />
                    )}
                  />
                  <RowOrderActions index={index} count={items.fields.length} name={`item ${index + 1}`} move={items.move} remove={items.remove} />
                </li>
              ))}
            </ol>
          </section>

          <SaveBar
            isDirty={formState.isDirty}
            savedAt={bundle?.updatedAt}
            busy={busy}
            saving={create.isPending || alter.isPending}
            onDiscard={() => bundle && reset(bundleToForm(bundle))}
            createLabel="Create bundle"
          />
        </form>

        {bundle && (
          <EditorAside
            label="About this bundle"
            facts={[
              ['Id', bundle.id],
              ['Created', formatDateTime(bundle.createdAt)],
              ['Last saved', formatDateTime(bundle.updatedAt)],
            ]}
            audit={{ entity: 'bundles', id: bundle.id }}
          />
        )}
      </div>

      {bundle && (
        <ConfirmDialog
          isOpen={removing}
          onOpenChange={setRemoving}
          title="Remove this bundle?"
          confirmLabel="Remove bundle"
          isDestructive
          onConfirm={() => run('remove', 'Bundle removed.', 'The bundle was not removed.')}
        >
          <p>{bundle.name || 'The bundle'} leaves the storefront. Its products are not changed.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
