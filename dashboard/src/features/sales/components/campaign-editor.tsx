import { useState } from 'react';
import { publishStatusLabel } from '@inkwell/contracts/labels';
import { Controller, useFieldArray, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { SALES_MESSAGES, SalesCampaignInputSchema, type SalesCampaign } from '@inkwell/contracts/dashboard-merchandising';
import { Button } from '@inkwell/ui-kit/button';
import { auditQueryKey } from '@/components/audit/audit-trail';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { StatusBadge } from '@/components/feedback/status-badge';
import { toast, toastError } from '@/components/feedback/toast';
import { ComboBoxField, DatePickerField, TextAreaField, TextField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { formatDateTime } from '@/lib/format';
import { ApiError } from '@/lib/staff-api';
import { limitOf, maxLengthRule } from '@/lib/limits';
import type { Problem } from '@inkwell/contracts/problems';
import { applyServerErrors, readRefusal } from '@/lib/refusal';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { EditorAside, SAVE_FIRST, SaveBar, refusedAt, saveFirst, useOutcome, useResetOnNewVersion } from '@/components/editor/editor-frame';
import { ProblemSummary, collectFormErrors, type ListedProblem } from '@/components/editor/problem-summary';
import styles from '@/components/editor/editor.module.css';
import { campaignDetailKey, getSeriesInfo, useAlterCampaign, useChangeCampaignStatus, useCreateCampaign, type CampaignStatusAction } from '../api/campaigns';
import { loadProductOptions, loadSeriesOptions, productSalesRows } from '../api/options';
import { downloadCampaignWorkbook } from '../api/spreadsheets';
import {
  FIELD_LABELS,
  campaignToForm,
  emptyCampaignForm,
  endsBeforeStart,
  formToCampaignSave,
  mergeRows,
  missingForPublish,
  toRow,
  type CampaignFormValues,
} from '../campaign-form';
import { ZonedInstant, formatUtc, localZone } from '../dates';
import { PhaseBadge } from './phase-badge';
import { SalesProductRows } from './sales-product-rows';
import own from './campaign-editor.module.css';

const SERVER_FIELDS: Path<CampaignFormValues>[] = ['name', 'description', 'startDate', 'endDate'];
const SERVER_FIELD_MAP: Partial<Record<string, Path<CampaignFormValues>>> = { salesProducts: 'products', includedSeries: 'includedSeries' };
const PUBLISH_FIELDS = ['name', 'startDate', 'endDate'] as const;

/**
 * The problems of a refused publish. The catalog sends 'Missing Sales Information: All the following
 * fields must be filled in before you can publish this product: Name, End Date' on each missing
 * field: the summary lists the detail with the fields under it, and each field shows 'Missing Sales
 * Information' beside itself. Other problems (the dates' order) stay as sent, on their fields.
 */
function publishProblems(error: unknown, missing: readonly (keyof typeof FIELD_LABELS)[]): { listed: ListedProblem[]; refused: Problem[] } {
  const { problems } = readRefusal(error);
  const listed: ListedProblem[] = [];
  const refused: Problem[] = [];
  for (const item of problems) {
    const isMissing = item.message.startsWith(SALES_MESSAGES.missing);
    refused.push(isMissing ? { field: item.field, message: SALES_MESSAGES.missing } : item);
    if (isMissing) {
      if (listed.some((entry) => entry.message === SALES_MESSAGES.missingDetail)) continue;
      const named = item.message.slice(item.message.lastIndexOf(':') + 1).split(',').map((name) => name.trim()).filter(Boolean);
      listed.push({ message: SALES_MESSAGES.missingDetail, details: named.length > 0 ? named : missing.map((field) => FIELD_LABELS[field]) });
    } else if (!listed.some((entry) => entry.message === item.message)) {
      listed.push({ message: item.message, field: PUBLISH_FIELDS.find((field) => item.field === field) });
    }
  }
  return { listed, refused };
}

/** The sales campaign editor (dashboard spec §2): name, description, dates, products with their discount, included series. */
export function CampaignEditor({ campaign }: { campaign: SalesCampaign | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, handleSubmit, reset, setError, setFocus, getValues, setValue, trigger, formState } = useForm<CampaignFormValues>({
    defaultValues: campaign ? campaignToForm(campaign) : emptyCampaignForm(),
    mode: 'onBlur',
    shouldFocusError: false,
  });
  const products = useFieldArray({ control, name: 'products' });
  const series = useFieldArray({ control, name: 'includedSeries', keyName: 'key' });
  const watchedProducts = useWatch({ control, name: 'products' });
  const watched = useWatch({ control });
  const guard = useUnsavedChangesGuard(formState.isDirty);
  const { outcome, report, refuse, summaryRef } = useOutcome();
  const [missingShown, setMissingShown] = useState<readonly string[]>([]);
  const [notice, setNotice] = useState('');
  const [adding, setAdding] = useState(false);
  const [unpublishing, setUnpublishing] = useState(false);
  const [exporting, setExporting] = useState(false);
  const create = useCreateCampaign();
  const alter = useAlterCampaign();
  const changeStatus = useChangeCampaignStatus();

  useResetOnNewVersion(campaign, formState.isDirty, (stored) => reset(campaignToForm(stored)));

  const onInvalid = (errors: FieldErrors<CampaignFormValues>) =>
    report({ title: 'The campaign was not saved. Correct these fields:', problems: collectFormErrors(errors) });

  const persist = async (values: CampaignFormValues): Promise<number | undefined> => {
    try {
      if (campaign) {
        const saved = await alter.mutateAsync(formToCampaignSave(values, campaign));
        reset(campaignToForm(saved));
        report(null);
        setMissingShown([]);
        setNotice('');
        void queryClient.invalidateQueries({ queryKey: auditQueryKey('sales', campaign.id) });
        const left = values.products.length - saved.salesProducts.length;
        toast.success(left > 0 ? `Campaign saved. ${left} product${left === 1 ? '' : 's'} at full price left out.` : 'Campaign saved.');
        return saved.id;
      }
      const { id } = await create.mutateAsync(formToCampaignSave(values));
      report(null);
      toast.success('Campaign created as a draft.');
      guard.bypass();
      navigate(`/sales-campaigns/${id}`, { replace: true });
      return id;
    } catch (error) {
      // Saved by someone else since: the stored version is read again, so Discard changes shows theirs.
      if (campaign && error instanceof ApiError && error.httpStatus === 409) void queryClient.invalidateQueries({ queryKey: campaignDetailKey(campaign.id) });
      applyServerErrors(error, setError, SERVER_FIELDS, SERVER_FIELD_MAP);
      refuse('The campaign was not saved.', error);
      return undefined;
    }
  };

  const run = async (action: CampaignStatusAction) => {
    const id = await saveFirst({ needed: formState.isDirty, stored: campaign?.id, handleSubmit, persist, onInvalid });
    if (id === undefined) throw new Error(SAVE_FIRST);
    try {
      const result = await changeStatus.mutateAsync({ id, action });
      report(null);
      setMissingShown([]);
      void queryClient.invalidateQueries({ queryKey: auditQueryKey('sales', id) });
      toast.success(`${action === 'publish' ? 'Campaign published.' : 'Campaign unpublished.'} Status: ${publishStatusLabel(result.status)}.`);
    } catch (error) {
      if (action === 'publish') {
        const missing = missingForPublish(getValues());
        const { listed, refused } = publishProblems(error, missing);
        setMissingShown(listed.some((item) => item.message === SALES_MESSAGES.missingDetail) ? missing : []);
        report({ title: listed.some((item) => item.message === SALES_MESSAGES.missingDetail) ? SALES_MESSAGES.missing : 'The campaign cannot be published yet.', problems: listed, refused });
      } else refuse('The campaign was not unpublished.', error);
      throw error;
    }
  };

  const addProduct = async (productId: number | null) => {
    if (productId === null) return;
    setAdding(true);
    try {
      const rows = (await productSalesRows(productId)).map(toRow);
      if (rows.length === 0) {
        setNotice('That product has no variants to discount.');
        return;
      }
      const merged = mergeRows(getValues('products'), rows);
      const added = merged.length - getValues('products').length;
      setValue('products', merged, { shouldDirty: true });
      setNotice(added === 0 ? 'That product is already in the campaign.' : `Added ${rows[0]!.name} (${added} variant${added === 1 ? '' : 's'}). Set the discount price.`);
    } catch (error) {
      toastError('The product was not added', error);
    } finally {
      setAdding(false);
    }
  };

  const addSeries = async (seriesId: number | null) => {
    if (seriesId === null) return;
    if (getValues('includedSeries').some((item) => item.id === seriesId)) {
      setNotice(SALES_MESSAGES.seriesAlreadyIncluded);
      return;
    }
    setAdding(true);
    try {
      const info = await getSeriesInfo(seriesId);
      const before = getValues('products').length;
      const merged = mergeRows(getValues('products'), info.products.map(toRow));
      setValue('products', merged, { shouldDirty: true });
      series.append({ id: info.id, title: info.title });
      const added = merged.length - before;
      setNotice(`Added the series ${info.title}: ${added} product variant${added === 1 ? '' : 's'}. Set their discount prices.`);
    } catch (error) {
      toastError('The series was not added', error);
    } finally {
      setAdding(false);
    }
  };

  const removeSeries = (index: number) => {
    const removed = getValues('includedSeries')[index];
    series.remove(index);
    if (!removed) return;
    const kept = getValues('products').filter((row) => row.seriesId !== removed.id);
    setValue('products', kept, { shouldDirty: true });
    setNotice(`Removed the series ${removed.title} and its products.`);
  };

  const exportWorkbook = async () => {
    if (!campaign) return;
    setExporting(true);
    try {
      await downloadCampaignWorkbook(campaign.id, `sales-campaign-${campaign.id}.xlsx`);
      toast.success('The spreadsheet was downloaded.');
    } catch (error) {
      toastError('The spreadsheet was not exported', error);
    } finally {
      setExporting(false);
    }
  };

  /** A refused publish's words beside a field it needs; 'Missing Sales Information' only while the field is still empty. */
  const missingAt = (field: (typeof PUBLISH_FIELDS)[number]) => {
    const value = watched[field];
    const empty = typeof value === 'string' ? value.trim() === '' : !value;
    const refused = refusedAt(outcome, field);
    if (!empty) return refused === SALES_MESSAGES.missing ? undefined : refused;
    return refused ?? (missingShown.includes(field) ? SALES_MESSAGES.missing : undefined);
  };
  const status = campaign?.status ?? 'New';
  const busy = create.isPending || alter.isPending || changeStatus.isPending;
  const zone = localZone();

  return (
    <div className={styles.page}>
      {guard.dialog}
      <PageHeader
        title={campaign ? (watched.name ?? '').trim() || campaign.name || 'Untitled campaign' : 'New sales campaign'}
        back={{ to: '/sales-campaigns', label: 'Sales campaigns' }}
        meta={
          <>
            <StatusBadge status={status} />
            {campaign && <PhaseBadge phase={campaign.phase} />}
          </>
        }
        actions={
          campaign && (
            <>
              {status !== 'Published' && (
                <Button onClick={() => void run('publish').catch(() => undefined)} disabled={busy}>
                  {formState.isDirty ? 'Save and publish' : 'Publish'}
                </Button>
              )}
              {status === 'Published' && (
                <Button variant="secondary" onClick={() => setUnpublishing(true)} disabled={busy}>
                  Unpublish…
                </Button>
              )}
              <Button variant="secondary" onClick={() => void exportWorkbook()} disabled={exporting} aria-busy={exporting}>
                {exporting ? 'Exporting…' : 'Export spreadsheet'}
              </Button>
            </>
          )
        }
      />

      <ProblemSummary ref={summaryRef} title={outcome?.title ?? ''} problems={outcome?.problems ?? []} onSelect={(field) => setFocus(field as Path<CampaignFormValues>)} />

      <div className={styles.layout}>
        <form className={styles.form} noValidate aria-label="Sales campaign" onSubmit={(event) => void handleSubmit(persist, onInvalid)(event)}>
          <section className={styles.section} aria-labelledby="campaign-basics-title">
            <h2 id="campaign-basics-title" className={styles.sectionTitle}>
              Campaign
            </h2>
            <p className={styles.sectionNote}>
              A campaign is saved as a draft with whatever it has; publishing needs a name, a start and an end. Times are in your time zone ({zone}); the
              campaign runs by the UTC time shown under each.
            </p>
            <div className={styles.grid}>
              <Controller
                control={control}
                name="name"
                rules={{ maxLength: maxLengthRule('Name', limitOf(SalesCampaignInputSchema.properties.name, 'maxLength')) }}
                render={({ field, fieldState }) => (
                  <TextField label="Name" className={styles.wide} {...field} error={fieldState.error?.message ?? missingAt('name')} />
                )}
              />
              <Controller
                control={control}
                name="description"
                rules={{ maxLength: maxLengthRule('Description', limitOf(SalesCampaignInputSchema.properties.description, 'maxLength')) }}
                render={({ field, fieldState }) => (
                  <TextAreaField label="Description" rows={3} className={styles.wide} {...field} error={fieldState.error?.message ?? refusedAt(outcome, 'description')} />
                )}
              />
              <Controller
                control={control}
                name="startDate"
                render={({ field, fieldState }) => (
                  <div className={own.dateField}>
                    <DatePickerField
                      label="Start date"
                      granularity="minute"
                      {...field}
                      onChange={(next) => {
                        field.onChange(next);
                        // The end is judged against the start: a start moved past it refuses the end at once.
                        if (getValues('endDate')) void trigger('endDate');
                      }}
                      description={`UTC: ${formatUtc(field.value)}`}
                      error={fieldState.error?.message ?? missingAt('startDate')}
                    />
                  </div>
                )}
              />
              <Controller
                control={control}
                name="endDate"
                rules={{ validate: (value) => !endsBeforeStart({ startDate: getValues('startDate'), endDate: value }) || SALES_MESSAGES.endBeforeStart }}
                render={({ field, fieldState }) => (
                  <div className={own.dateField}>
                    <DatePickerField
                      label="End date"
                      granularity="minute"
                      {...field}
                      onChange={(next) => {
                        field.onChange(next);
                        field.onBlur();
                      }}
                      description={`UTC: ${formatUtc(field.value)}`}
                      error={fieldState.error?.message ?? missingAt('endDate')}
                    />
                  </div>
                )}
              />
            </div>
          </section>

          <section className={styles.section} aria-labelledby="campaign-products-title">
            <div className={styles.sectionHeader}>
              <h2 id="campaign-products-title" className={styles.sectionTitle}>
                Products
              </h2>
              <span className={styles.sectionNote}>
                {watchedProducts.length} variant{watchedProducts.length === 1 ? '' : 's'}
              </span>
            </div>
            <p className={styles.sectionNote}>Only products whose discount price differs from the full price are saved in the campaign.</p>
            <div className={styles.grid}>
              <ComboBoxField<number>
                label="Add a product"
                loadOptions={loadProductOptions}
                queryKey={['dashboard', 'sales', 'product-options']}
                placeholder="Type to search products"
                clearsOnPick
                value={null}
                isDisabled={adding}
                onChange={(id) => void addProduct(id)}
              />
              <ComboBoxField<number>
                label="Add a whole series"
                loadOptions={loadSeriesOptions}
                queryKey={['dashboard', 'sales', 'series-options']}
                placeholder="Type to search series"
                clearsOnPick
                value={null}
                isDisabled={adding}
                onChange={(id) => void addSeries(id)}
              />
            </div>
            <p role="status" className={own.notice}>
              {adding ? 'Adding…' : notice}
            </p>
            {series.fields.length > 0 && (
              <div className={own.seriesList}>
                <h3 className={styles.subsectionTitle}>Included series</h3>
                <ul>
                  {series.fields.map((item, index) => (
                    <li key={item.key}>
                      <span>
                        {item.title} <span className={own.muted}>#{item.id}</span>
                      </span>
                      <Button variant="ghost" size="sm" onClick={() => removeSeries(index)} aria-label={`Remove the series ${item.title} and its products`}>
                        Remove
                      </Button>
                    </li>
                  ))}
                </ul>
              </div>
            )}
            {refusedAt(outcome, 'salesProducts') && <p className={own.error}>{refusedAt(outcome, 'salesProducts')}</p>}
            <SalesProductRows control={control} fields={products.fields} rows={watchedProducts} remove={products.remove} outcome={outcome} />
          </section>

          <SaveBar
            isDirty={formState.isDirty}
            savedAt={campaign?.updatedAt}
            busy={busy}
            saving={create.isPending || alter.isPending}
            onDiscard={() => {
              if (!campaign) return;
              reset(campaignToForm(campaign));
              setNotice('');
            }}
            createLabel="Create campaign"
          />
        </form>

        {campaign && (
          <EditorAside
            label="About this campaign"
            facts={[
              ['Id', campaign.id],
              ['Products saved', campaign.salesProducts.length],
              ['Starts', <ZonedInstant value={campaign.startDate} />],
              ['Ends', <ZonedInstant value={campaign.endDate} />],
              ['Last saved', formatDateTime(campaign.updatedAt)],
            ]}
            audit={{ entity: 'sales', id: campaign.id }}
          />
        )}
      </div>

      {campaign && (
        <ConfirmDialog
          isOpen={unpublishing}
          onOpenChange={setUnpublishing}
          title="Unpublish this campaign?"
          confirmLabel="Unpublish campaign"
          isDestructive
          onConfirm={() => run('unpublish')}
        >
          <p>
            {campaign.phase === 'Upcoming'
              ? `${campaign.name || 'The campaign'} will not start on ${formatDateTime(campaign.startDate)}; shoppers keep seeing full prices.`
              : `${campaign.name || 'The campaign'}’s discounts stop at once; shoppers see full prices again.`}{' '}
            It stays here as a draft.
          </p>
        </ConfirmDialog>
      )}
    </div>
  );
}
