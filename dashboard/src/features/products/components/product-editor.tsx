import { useMemo, useState } from 'react';
import { FormProvider, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import type { DashboardProduct } from '@inkwell/contracts/dashboard-products';
import { Button } from '@inkwell/ui-kit/button';
import { auditQueryKey } from '@/components/audit/audit-trail';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { StatusBadge } from '@/components/feedback/status-badge';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/layout/page-header';
import { MenuButton, type MenuAction } from '@/components/menu-button';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { formatCount, formatDateTime } from '@/lib/format';
import { applyServerErrors } from '@/lib/refusal';
import { productQueryKey } from '@/lib/api/get-product';
import { readRefusal } from '@/lib/refusal';
import { CreatorsSection } from '@/components/editor/creators-section';
import { EditorAside, SAVE_FIRST, SaveBar, saveFirst, useOutcome, useResetOnNewVersion } from '@/components/editor/editor-frame';
import { ProblemSummary, WarningList, collectFormErrors } from '@/components/editor/problem-summary';
import styles from '@/components/editor/editor.module.css';
import { useChangeProductStatus, type ProductStatusAction } from '../api/change-product-status';
import { useSaveProduct } from '../api/save-product';
import { useSubmitProductIap } from '../api/submit-product-iap';
import { emptyProductForm, formToSave, productToForm, type ProductFormValues } from '../product-form';
import { groupProblems, inFormVariants, isFormField, problemTarget, problemsByTarget } from '../publish-problems';
import { BasicsSection } from './basics-section';
import { DistributionSection } from './distribution-section';
import { LinksSection } from './links-section';
import { MediaSection, type ComicFileSlot } from './media-section';
import { ScheduleDialog } from './schedule-dialog';
import { ServerProblemsContext } from './server-problems';
import { productTypeLabel, publishStatusLabel } from '@inkwell/contracts/labels';
import { VariantsSection } from './variants-section';

const PUBLISHABLE_FROM = ['Draft', 'Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon'];

/** Fields a refusal naming a field can be put under (the save body's names that the form shares). */
const SERVER_FIELDS: Path<ProductFormValues>[] = [
  'name',
  'displayName',
  'subtitle',
  'relativeName',
  'category',
  'subCategory',
  'issueNumber',
  'volumeNumber',
  'chapterNumber',
  'readableUrl',
  'description',
  'metaDescription',
  'imprintId',
  'trim',
  'isbn',
  'eisbn',
  'releaseDate',
];
const SERVER_FIELD_MAP: Partial<Record<string, Path<ProductFormValues>>> = { seriesId: 'seriesId', ipTags: 'ipTagIds' };

/**
 * The product editor (spec §2 "Product editor"): every field of §3, save with field-level checks,
 * publish, schedule, unpublish, remove, restore, the Apple submission, the comic file, and the
 * audit trail. `product` is undefined for a new one.
 */
export function ProductEditor({ product, comicFile }: { product: DashboardProduct | undefined; comicFile: ComicFileSlot }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<ProductFormValues>({ defaultValues: product ? productToForm(product) : emptyProductForm(), mode: 'onBlur', shouldFocusError: false });
  const { control, handleSubmit, reset, setError, setFocus, getValues, formState } = form;
  const name = useWatch({ control, name: 'name' });
  const guard = useUnsavedChangesGuard(formState.isDirty);

  const { outcome, report, summaryRef } = useOutcome();
  const [warnings, setWarnings] = useState<string[]>([]);
  const [scheduling, setScheduling] = useState(false);
  const [removing, setRemoving] = useState(false);

  const save = useSaveProduct();
  const changeStatus = useChangeProductStatus();
  const submitIap = useSubmitProductIap();

  useResetOnNewVersion(product, formState.isDirty, (stored) => reset(productToForm(stored)));

  const refusal = (title: string, error: unknown) => {
    const read = readRefusal(error);
    const present = getValues('variants').flatMap((variant, index) => (variant.present ? [index] : []));
    const refused = inFormVariants(read.problems, present);
    report({
      title,
      // A problem about one field takes staff to it; a variant's or the comic file's is shown beside its card.
      problems: groupProblems(refused).map(({ message, field, details }) => {
        const target = problemTarget(field);
        return target && isFormField(target) ? { message, details, field: target } : { message, details };
      }),
      refused,
    });
    if (read.warnings.length > 0) setWarnings(read.warnings);
  };

  const onInvalid = (errors: FieldErrors<ProductFormValues>) =>
    report({ title: 'The product was not saved. Correct these fields:', problems: collectFormErrors(errors) });

  const persist = async (values: ProductFormValues): Promise<DashboardProduct | undefined> => {
    try {
      const saved = await save.mutateAsync(formToSave(values, product));
      reset(productToForm(saved.product));
      setWarnings(saved.warnings);
      report(null);
      void queryClient.invalidateQueries({ queryKey: auditQueryKey('product', saved.product.id) });
      toast.success(product ? 'Product saved.' : 'Product created as a draft.');
      if (!product) {
        guard.bypass();
        navigate(`/products/${saved.product.id}`, { replace: true });
      }
      return saved.product;
    } catch (error) {
      applyServerErrors(error, setError, SERVER_FIELDS, SERVER_FIELD_MAP);
      refusal('The product was not saved.', error);
      return undefined;
    }
  };

  const saveIfNeeded = () => saveFirst({ needed: formState.isDirty, stored: product, handleSubmit, persist, onInvalid });

  const runStatus = async (build: (id: number) => ProductStatusAction, done: string, refusedTitle: string) => {
    const stored = await saveIfNeeded();
    if (!stored) throw new Error(SAVE_FIRST);
    try {
      const result = await changeStatus.mutateAsync(build(stored.id));
      report(null);
      void queryClient.invalidateQueries({ queryKey: auditQueryKey('product', stored.id) });
      toast.success(`${done} Status: ${publishStatusLabel(result.status)}.`);
    } catch (error) {
      refusal(refusedTitle, error);
      throw error;
    }
  };

  const submitToApple = async () => {
    if (!product) return;
    try {
      const submission = await submitIap.mutateAsync({ id: product.id, unsavedChanges: formState.isDirty, updatedAt: product.updatedAt });
      report(null);
      toast.success(`Submitted to the Apple store as ${submission.productIdentifier} (${submission.state}).`);
    } catch (error) {
      refusal('The in-app purchase was not submitted.', error);
    }
  };

  const serverProblems = useMemo(() => problemsByTarget(outcome?.refused ?? []), [outcome]);

  const status = product?.status ?? 'New';
  const busy = save.isPending || changeStatus.isPending || submitIap.isPending;
  const canPublish = product !== undefined && PUBLISHABLE_FROM.includes(status);
  const scheduled = status.startsWith('Scheduled');
  const menu: MenuAction[] = product
    ? [
        { id: 'iap', label: 'Submit in-app purchase (Apple)', onAction: () => void submitToApple(), isDisabled: busy },
        ...(status === 'Removed'
          ? [{ id: 'restore', label: 'Restore', onAction: () => void runStatus((id) => ({ action: 'restore', id }), 'Product restored.', 'The product was not restored.').catch(() => undefined) }]
          : [{ id: 'remove', label: 'Remove…', onAction: () => setRemoving(true), isDestructive: true, separatorBefore: true }]),
      ]
    : [];

  return (
    <div className={styles.page}>
      {guard.dialog}
      <PageHeader
        title={product ? name.trim() || product.name || 'Untitled product' : 'New product'}
        back={{ to: '/products', label: 'Products' }}
        meta={<StatusBadge status={status} />}
        summary={
          product?.publishDate && status !== 'Draft'
            ? `${status === 'Published' ? 'Published' : 'Publishes'} ${formatDateTime(product.publishDate)}`
            : undefined
        }
        actions={
          <>
            {canPublish && (
              <Button
                onClick={() => void runStatus((id) => ({ action: 'publish', id }), 'Product published.', 'The product cannot be published yet.').catch(() => undefined)}
                disabled={busy}
              >
                {formState.isDirty ? 'Save and publish' : scheduled ? 'Publish now' : 'Publish'}
              </Button>
            )}
            {canPublish && (
              <Button variant="secondary" onClick={() => setScheduling(true)} disabled={busy}>
                {scheduled ? 'Reschedule…' : 'Schedule…'}
              </Button>
            )}
            {status === 'Published' && (
              <Button
                variant="secondary"
                onClick={() => void runStatus((id) => ({ action: 'unpublish', id }), 'Product unpublished.', 'The product was not unpublished.').catch(() => undefined)}
                disabled={busy}
              >
                Unpublish
              </Button>
            )}
            {menu.length > 0 && <MenuButton label="More product actions" actions={menu} />}
          </>
        }
      />

      <ProblemSummary
        ref={summaryRef}
        title={outcome?.title ?? ''}
        problems={outcome?.problems ?? []}
        onSelect={(field) => setFocus(field as Path<ProductFormValues>)}
      />
      <WarningList warnings={warnings} />

      <div className={styles.layout}>
        <FormProvider {...form}>
          <ServerProblemsContext value={serverProblems}>
            <form className={styles.form} noValidate onSubmit={(event) => void handleSubmit(persist, onInvalid)(event)} aria-label="Product">
              <BasicsSection />
              <CreatorsSection />
              <VariantsSection />
              <MediaSection comicFile={comicFile} product={product} onIngested={() => void queryClient.invalidateQueries({ queryKey: productQueryKey(product?.id ?? 0) })} />
              <DistributionSection ipTagLabels={Object.fromEntries((product?.ipTags ?? []).map((tag) => [tag.id, tag.name]))} />
              <LinksSection />
              <SaveBar
                isDirty={formState.isDirty}
                savedAt={product?.updatedAt}
                busy={busy}
                saving={save.isPending}
                onDiscard={() => product && reset(productToForm(product))}
                createLabel="Create product"
              />
            </form>
          </ServerProblemsContext>
        </FormProvider>

        {product && (
          <EditorAside
            label="About this product"
            facts={[
              ['Id', product.id],
              ['Type', productTypeLabel(product.subCategory)],
              ['Pages', formatCount(product.pageCount)],
              ['Created', formatDateTime(product.createdAt)],
              ['Last saved', formatDateTime(product.updatedAt)],
            ]}
            audit={{ entity: 'product', id: product.id }}
          />
        )}
      </div>

      {product && (
        <>
          <ScheduleDialog
            isOpen={scheduling}
            onOpenChange={setScheduling}
            title={`Schedule ${product.name || 'this product'}`}
            onSchedule={(choice) =>
              runStatus((id) => ({ action: 'schedule', id, ...choice }), 'Product scheduled.', 'The product cannot be scheduled yet.')
            }
          />
          <ConfirmDialog
            isOpen={removing}
            onOpenChange={setRemoving}
            title="Remove this product?"
            confirmLabel="Remove product"
            isDestructive
            onConfirm={() => runStatus((id) => ({ action: 'remove', id }), 'Product removed.', 'The product was not removed.')}
          >
            <p>
              {product.name || 'The product'} leaves the storefront and search. It stays here with the status Removed and can be restored
              later.
            </p>
          </ConfirmDialog>
        </>
      )}
    </div>
  );
}
