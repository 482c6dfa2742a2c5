import { useState } from 'react';
import { Controller, FormProvider, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { CURATED_LIST_TITLE_MESSAGE, CuratedListInputSchema, type CuratedList, type CuratedListInput } from '@inkwell/contracts/dashboard-merchandising';
import { Button } from '@inkwell/ui-kit/button';
import { auditQueryKey } from '@/components/audit/audit-trail';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { StatusBadge } from '@/components/feedback/status-badge';
import { toast } from '@/components/feedback/toast';
import { SelectField, TextField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { MenuButton } from '@/components/menu-button';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { EditorAside, SaveBar, useOutcome, useResetOnNewVersion, type Outcome } from '@/components/editor/editor-frame';
import { ProblemSummary, collectFormErrors } from '@/components/editor/problem-summary';
import styles from '@/components/editor/editor.module.css';
import { formatDateTime } from '@/lib/format';
import { limitOf, maxLengthRule } from '@/lib/limits';
import { useAlterCarousels, useCreateCarousel } from '../api/carousels';
import { listName, useRemoveWithUndo } from '../api/remove-with-undo';
import { curatedListToForm, emptyCuratedListForm, formToInput, type CuratedListFormValues } from '../curated-list-form';
import { CuratedItemsSection } from './curated-items-section';
import { FilterCriteriaSection } from './filter-criteria-section';
import { ListPreview } from './list-preview';

const TYPE_OPTIONS = [
  { id: 'Curated' as const, label: 'Curated' },
  { id: 'Filtered' as const, label: 'Filtered' },
];
const fields = CuratedListInputSchema.properties;

/**
 * The refusal's messages about `field` of the list, whether the call named it alone (`title`) or
 * in a list (`[0].title`); a field's own parts count (`filterCriteria.typeIds` takes `…typeIds[2]`).
 */
function refusedOn(outcome: Outcome | null, field: string): string | undefined {
  const about = (name: string) => name === field || name.startsWith(`${field}[`) || name.startsWith(`${field}.`);
  const messages = (outcome?.refused ?? []).filter((item) => about(item.field) || about(item.field.replace(/^\[\d+\]\.?|^\d+\./, ''))).map((item) => item.message);
  return messages.length > 0 ? messages.join(' ') : undefined;
}

type Target = 'Draft' | 'Published' | undefined;

/** The curated list editor (dashboard spec §2): title, type, call to action, curated items, filter criteria, and what the list would show. */
export function CuratedListEditor({ list }: { list: CuratedList | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<CuratedListFormValues>({ defaultValues: list ? curatedListToForm(list) : emptyCuratedListForm(), mode: 'onBlur', shouldFocusError: false });
  const { control, handleSubmit, reset, setFocus, formState } = form;
  const values = useWatch({ control }) as CuratedListFormValues;
  const title = useWatch({ control, name: 'title' });
  const guard = useUnsavedChangesGuard(formState.isDirty);
  const { outcome, report, refuse, summaryRef } = useOutcome();
  const [removing, setRemoving] = useState(false);
  const create = useCreateCarousel();
  const alter = useAlterCarousels();
  const removeWithUndo = useRemoveWithUndo();

  useResetOnNewVersion(list, formState.isDirty, (stored) => reset(curatedListToForm(stored)));

  const onInvalid = (errors: FieldErrors<CuratedListFormValues>) => report({ title: 'The list was not saved. Correct these fields:', problems: collectFormErrors(errors) });

  const persist = async (formValues: CuratedListFormValues, target: Target) => {
    const body: CuratedListInput = { ...formToInput(formValues), ...(target ? { status: target } : {}) };
    const refusedTitle = target === 'Published' ? 'The list cannot be published yet.' : 'The list was not saved.';
    try {
      if (list) {
        const saved = (await alter.mutateAsync([{ ...body, id: list.id, order: list.order, expectedUpdatedAt: list.updatedAt }])).find((item) => item.id === list.id);
        if (saved) reset(curatedListToForm(saved));
        void queryClient.invalidateQueries({ queryKey: auditQueryKey('carousels', list.id) });
        toast.success(target === 'Published' ? 'List published.' : target === 'Draft' ? 'List unpublished.' : 'List saved.');
        report(null);
        return;
      }
      const created = await create.mutateAsync(body);
      toast.success(target === 'Published' ? 'List created and published.' : 'List created as a draft.');
      report(null);
      guard.bypass();
      navigate(`/carousels/${created.id}`, { replace: true });
    } catch (error) {
      refuse(refusedTitle, error);
    }
  };

  const submit = (target: Target) => void handleSubmit((formValues) => persist(formValues, target), onInvalid)();

  const status = list?.status ?? 'New';
  const busy = create.isPending || alter.isPending;
  // The §5 rule's message sits beside the title, whichever field the refusal filed it under.
  const titleProblem = refusedOn(outcome, 'title') ?? (outcome?.refused?.some((item) => item.message === CURATED_LIST_TITLE_MESSAGE) ? CURATED_LIST_TITLE_MESSAGE : undefined);

  return (
    <div className={styles.page}>
      {guard.dialog}
      <PageHeader
        title={list ? title.trim() || listName(list) : 'New curated list'}
        back={{ to: '/carousels', label: 'Carousels' }}
        meta={<StatusBadge status={status} />}
        actions={
          <>
            {status !== 'Published' && (
              <Button onClick={() => submit('Published')} disabled={busy}>
                {formState.isDirty || !list ? 'Save and publish' : 'Publish'}
              </Button>
            )}
            {status === 'Published' && (
              <Button variant="secondary" onClick={() => submit('Draft')} disabled={busy}>
                Unpublish
              </Button>
            )}
            {list && (
              <MenuButton
                label="More list actions"
                actions={[{ id: 'remove', label: 'Remove…', isDestructive: true, isDisabled: status === 'Removed', onAction: () => setRemoving(true) }]}
              />
            )}
          </>
        }
      />

      <ProblemSummary ref={summaryRef} title={outcome?.title ?? ''} problems={outcome?.problems ?? []} onSelect={(field) => setFocus(field as Path<CuratedListFormValues>)} />

      <FormProvider {...form}>
        <div className={styles.layout}>
          <form className={styles.form} noValidate aria-label="Curated list" onSubmit={(event) => void handleSubmit((formValues) => persist(formValues, undefined), onInvalid)(event)}>
            <section className={styles.section} aria-labelledby="carousel-basics-title">
              <h2 id="carousel-basics-title" className={styles.sectionTitle}>
                Basics
              </h2>
              <div className={styles.grid}>
                <Controller
                  control={control}
                  name="title"
                  rules={{ maxLength: maxLengthRule('Title', limitOf(fields.title, 'maxLength')) }}
                  render={({ field, fieldState }) => (
                    <TextField
                      label="Title"
                      className={styles.wide}
                      description="Shown above the carousel. A list needs one to be published."
                      {...field}
                      error={fieldState.error?.message ?? titleProblem}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="type"
                  render={({ field }) => (
                    <SelectField
                      label="Type"
                      className={styles.wide}
                      description="Curated: the hand-picked items only. Filtered: the hand-picked items, then what the filter finds."
                      options={TYPE_OPTIONS}
                      {...field}
                      onChange={(next) => next && field.onChange(next)}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="ctaText"
                  rules={{ maxLength: maxLengthRule('Call-to-action text', limitOf(fields.customCallToActionText, 'maxLength')) }}
                  render={({ field, fieldState }) => (
                    <TextField label="Call-to-action text" placeholder="See all" {...field} error={fieldState.error?.message ?? refusedOn(outcome, 'customCallToActionText')} />
                  )}
                />
                <Controller
                  control={control}
                  name="ctaUrl"
                  rules={{
                    maxLength: maxLengthRule('Call-to-action link', limitOf(fields.customCallToActionUrl, 'maxLength')),
                    validate: (value) => value.trim() === '' || /^(https:\/\/|\/)\S*$/.test(value.trim()) || 'Enter a storefront path (/browse?…) or an https:// address.',
                  }}
                  render={({ field, fieldState }) => (
                    <TextField label="Call-to-action link" placeholder="/browse?…" {...field} error={fieldState.error?.message ?? refusedOn(outcome, 'customCallToActionUrl')} />
                  )}
                />
              </div>
            </section>

            <CuratedItemsSection problemAt={(field) => refusedOn(outcome, field)} />
            <FilterCriteriaSection problemAt={(field) => refusedOn(outcome, field)} />
            <ListPreview input={formToInput(values)} />

            <SaveBar
              isDirty={formState.isDirty}
              savedAt={list?.updatedAt}
              busy={busy}
              saving={busy}
              onDiscard={() => list && reset(curatedListToForm(list))}
              createLabel="Create list"
            />
          </form>

          {list && (
            <EditorAside
              label="About this list"
              facts={[
                ['Id', list.id],
                ['Place on the home page', list.order + 1],
                ['Last saved', formatDateTime(list.updatedAt)],
              ]}
              audit={{ entity: 'carousels', id: list.id }}
            />
          )}
        </div>
      </FormProvider>

      {list && (
        <ConfirmDialog
          isOpen={removing}
          onOpenChange={setRemoving}
          title={`Remove ${listName(list)}?`}
          confirmLabel="Remove list"
          isDestructive
          onConfirm={async () => {
            await removeWithUndo(list);
            guard.bypass();
            navigate('/carousels');
          }}
        >
          <p>The carousel leaves the storefront’s home page. Its products and series are not changed; Undo in the message that follows brings it back.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
