import { useState } from 'react';
import { publishStatusLabel } from '@inkwell/contracts/labels';
import { Controller, FormProvider, useFieldArray, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { COMPLETION_STATUSES, RELATIVE_NAME_SETTINGS, SERIES_PUBLISH_PROBLEM_FIELDS, SeriesSaveBodySchema, type DashboardSeries } from '@inkwell/contracts/dashboard-catalogue';
import { READABLE_URL_DIGITS_ONLY_MESSAGE, isValidReadableUrl, slugify } from '@inkwell/contracts/catalog-rules';
import { Button } from '@inkwell/ui-kit/button';
import { auditQueryKey } from '@/components/audit/audit-trail';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { StatusBadge } from '@/components/feedback/status-badge';
import { toast } from '@/components/feedback/toast';
import { CheckboxField, ComboBoxField, SelectField, SwitchField, TagSelectField, TextAreaField, TextField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { MenuButton } from '@/components/menu-button';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { formatCount, formatDateTime } from '@/lib/format';
import { limitOf, maxLengthRule } from '@/lib/limits';
import { applyServerErrors } from '@/lib/refusal';
import { useGenreOptions, useImprintOptions, useTerritoryOptions } from '@/lib/api/lookups';
import { CreatorsSection } from '@/components/editor/creators-section';
import { EditorAside, SAVE_FIRST, SaveBar, refusedAt, saveFirst, useOutcome, useResetOnNewVersion } from '@/components/editor/editor-frame';
import { ProblemSummary, collectFormErrors } from '@/components/editor/problem-summary';
import styles from '@/components/editor/editor.module.css';
import { useChangeSeriesStatus, type SeriesStatusAction } from '../api/change-series-status';
import { useAlterSeries, useCreateSeries } from '../api/save-series';
import { NO_COMPLETION_STATUS, emptySeriesForm, formToSeriesSave, seriesToForm, type SeriesFormValues } from '../series-form';
import { SeriesNotes } from './series-notes';
import { SeriesProducts } from './series-products';

const COMPLETION_OPTIONS = [{ id: NO_COMPLETION_STATUS, label: 'Not set' }, ...COMPLETION_STATUSES.map((status) => ({ id: status, label: status }))];
const RELATIVE_NAME_LABELS: Record<string, string> = { UsePublisherSetting: 'Use the publisher’s setting', None: 'No relative name' };
const RELATIVE_NAME_OPTIONS = RELATIVE_NAME_SETTINGS.map((setting) => ({ id: setting, label: RELATIVE_NAME_LABELS[setting] ?? setting }));
const AGE_RATING_OPTIONS = [
  { id: 'e', label: 'E — everyone' },
  { id: 'e7', label: 'E7 — 7 and up' },
  { id: 'pg', label: 'PG — 12 and up' },
  { id: 't', label: 'T — teen' },
  { id: 'm', label: 'M — mature' },
] as const;
const SERVER_FIELDS: Path<SeriesFormValues>[] = ['title', 'description', 'metaDescription', 'readableUrl', 'color', 'romanizedTitle', 'originalLanguageTitle'];
const SERVER_FIELD_MAP: Partial<Record<string, Path<SeriesFormValues>>> = { genreIds: 'genreIds', imprintId: 'imprintId' };

/** The series editor (spec §2 "Series editor"): fields of §3, publish rules of §5, notes, products, audit trail. */
export function SeriesEditor({ series }: { series: DashboardSeries | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useForm<SeriesFormValues>({ defaultValues: series ? seriesToForm(series) : emptySeriesForm(), mode: 'onBlur', shouldFocusError: false });
  const { control, handleSubmit, reset, setError, setFocus, setValue, getValues, formState } = form;
  const altTitles = useFieldArray({ control, name: 'altTitles' });
  const overriding = useWatch({ control, name: 'isUsingOverrideCreators' });
  const color = useWatch({ control, name: 'color' });
  const title = useWatch({ control, name: 'title' });
  const description = useWatch({ control, name: 'description' });
  const genreIds = useWatch({ control, name: 'genreIds' });
  const guard = useUnsavedChangesGuard(formState.isDirty);
  const genres = useGenreOptions();
  const territories = useTerritoryOptions();
  const imprints = useImprintOptions();

  const { outcome, report, refuse, summaryRef } = useOutcome();
  const [removing, setRemoving] = useState(false);
  const create = useCreateSeries();
  const alter = useAlterSeries();
  const changeStatus = useChangeSeriesStatus();

  useResetOnNewVersion(series, formState.isDirty, (stored) => reset(seriesToForm(stored)));

  const onInvalid = (errors: FieldErrors<SeriesFormValues>) =>
    report({ title: 'The series was not saved. Correct these fields:', problems: collectFormErrors(errors) });

  const persist = async (values: SeriesFormValues): Promise<number | undefined> => {
    try {
      const body = formToSeriesSave(values);
      if (series) {
        const saved = await alter.mutateAsync({ id: series.id, ...body });
        reset(saved ? seriesToForm(saved) : values);
        void queryClient.invalidateQueries({ queryKey: auditQueryKey('series', series.id) });
        toast.success('Series saved.');
        report(null);
        return series.id;
      }
      const { id } = await create.mutateAsync(body);
      toast.success('Series created as a draft.');
      report(null);
      guard.bypass();
      navigate(`/series/${id}`, { replace: true });
      return id;
    } catch (error) {
      applyServerErrors(error, setError, SERVER_FIELDS, SERVER_FIELD_MAP);
      refuse('The series was not saved.', error);
      return undefined;
    }
  };

  const saveIfNeeded = () => saveFirst({ needed: formState.isDirty, stored: series?.id, handleSubmit, persist, onInvalid });

  const run = async (action: SeriesStatusAction, done: string, refused: string) => {
    const id = await saveIfNeeded();
    if (id === undefined) throw new Error(SAVE_FIRST);
    try {
      const result = await changeStatus.mutateAsync({ id, action });
      report(null);
      void queryClient.invalidateQueries({ queryKey: auditQueryKey('series', id) });
      toast.success(`${done} Status: ${publishStatusLabel(result.status)}.`);
    } catch (error) {
      refuse(refused, error);
      throw error;
    }
  };

  const problems = outcome?.problems ?? [];
  // A field filled since the refusal no longer carries its problem.
  const stillMissing = {
    title: title.trim() === '' ? refusedAt(outcome, 'title') : undefined,
    description: description.trim() === '' ? refusedAt(outcome, 'description') : undefined,
    genreIds: genreIds.length === 0 ? refusedAt(outcome, SERIES_PUBLISH_PROBLEM_FIELDS.genres) : undefined,
  };
  const status = series?.status ?? 'New';
  const busy = create.isPending || alter.isPending || changeStatus.isPending;
  const canPublish = series !== undefined && ['Draft', 'Scheduled', 'ScheduledPreOrder', 'ScheduledComingSoon'].includes(status);

  return (
    <div className={styles.page}>
      {guard.dialog}
      <PageHeader
        title={series ? title.trim() || series.title || 'Untitled series' : 'New series'}
        back={{ to: '/series', label: 'Series' }}
        meta={<StatusBadge status={status} />}
        actions={
          series && (
            <>
              {canPublish && (
                <Button onClick={() => void run('publish', 'Series published.', 'The series cannot be published yet.').catch(() => undefined)} disabled={busy}>
                  {formState.isDirty ? 'Save and publish' : 'Publish'}
                </Button>
              )}
              {status === 'Published' && (
                <Button
                  variant="secondary"
                  onClick={() => void run('unpublish', 'Series unpublished.', 'The series was not unpublished.').catch(() => undefined)}
                  disabled={busy}
                >
                  Unpublish
                </Button>
              )}
              <MenuButton
                label="More series actions"
                actions={
                  status === 'Removed'
                    ? [{ id: 'restore', label: 'Restore', onAction: () => void run('restore', 'Series restored.', 'The series was not restored.').catch(() => undefined) }]
                    : [{ id: 'remove', label: 'Remove…', isDestructive: true, onAction: () => setRemoving(true) }]
                }
              />
            </>
          )
        }
      />

      <ProblemSummary ref={summaryRef} title={outcome?.title ?? ''} problems={problems} onSelect={(field) => setFocus(field as Path<SeriesFormValues>)} />

      <div className={styles.layout}>
        <FormProvider {...form}>
          <form className={styles.form} noValidate aria-label="Series" onSubmit={(event) => void handleSubmit(persist, onInvalid)(event)}>
            <section className={styles.section} aria-labelledby="series-basics-title">
              <h2 id="series-basics-title" className={styles.sectionTitle}>
                Basics
              </h2>
              <div className={styles.grid}>
                <Controller
                  control={control}
                  name="title"
                  rules={{ validate: (value) => value.trim() !== '' || 'Title is required.', maxLength: maxLengthRule('Title', limitOf(SeriesSaveBodySchema.properties.title, 'maxLength')) }}
                  render={({ field, fieldState }) => (
                    <TextField label="Title" isRequired className={styles.wide} {...field} error={fieldState.error?.message ?? stillMissing.title} />
                  )}
                />
                <Controller control={control} name="romanizedTitle" render={({ field }) => <TextField label="Romanized title" {...field} />} />
                <Controller control={control} name="originalLanguageTitle" render={({ field }) => <TextField label="Original-language title" {...field} />} />
                <div className={styles.wide}>
                  <Controller
                    control={control}
                    name="readableUrl"
                    rules={{ validate: (value) => isValidReadableUrl(value) || READABLE_URL_DIGITS_ONLY_MESSAGE }}
                    render={({ field, fieldState }) => (
                      <TextField
                        label="Readable URL"
                        description="The series' address on the storefront: /series/readable-url."
                        {...field}
                        error={fieldState.error?.message ?? refusedAt(outcome, SERIES_PUBLISH_PROBLEM_FIELDS.readableUrl)}
                      />
                    )}
                  />
                  <Button variant="secondary" size="sm" className={styles.inlineAction} onClick={() => setValue('readableUrl', slugify(getValues('title')), { shouldDirty: true, shouldValidate: true })}>
                    Make from the title
                  </Button>
                </div>
                <Controller
                  control={control}
                  name="description"
                  render={({ field, fieldState }) => (
                    <TextAreaField label="Description" rows={6} className={styles.wide} {...field} error={fieldState.error?.message ?? stillMissing.description} />
                  )}
                />
                <Controller
                  control={control}
                  name="metaDescription"
                  rules={{ maxLength: { value: 1000, message: 'Meta description must be at most 1,000 characters.' } }}
                  render={({ field, fieldState }) => (
                    <TextAreaField label="Meta description" rows={2} className={styles.wide} {...field} error={fieldState.error?.message} />
                  )}
                />
                <Controller
                  control={control}
                  name="genreIds"
                  render={({ field }) => (
                    <TagSelectField<number>
                      label="Genres"
                      description="A published series belongs to at least one genre."
                      className={styles.wide}
                      options={genres}
                      labels={Object.fromEntries((series?.genres ?? []).map((genre) => [genre.id, genre.name]))}
                      {...field}
                      error={stillMissing.genreIds}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="completionStatus"
                  render={({ field }) => <SelectField label="Completion status" options={COMPLETION_OPTIONS} {...field} onChange={(next) => next && field.onChange(next)} />}
                />
                <Controller
                  control={control}
                  name="color"
                  rules={{ validate: (value) => value === '' || /^#[0-9a-fA-F]{6}$/.test(value) || 'Colour is a hex code such as #1a2b3c.' }}
                  render={({ field, fieldState }) => (
                    <TextField
                      label="Colour"
                      placeholder="#1a2b3c"
                      description={
                        /^#[0-9a-fA-F]{6}$/.test(color) ? (
                          <>
                            <span className={styles.swatch} style={{ background: color }} aria-hidden="true" /> Brand colour of the series page.
                          </>
                        ) : (
                          'Brand colour of the series page.'
                        )
                      }
                      {...field}
                      error={fieldState.error?.message}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="relativeNameSetting"
                  render={({ field }) => (
                    <SelectField
                      label="Relative names"
                      description="How its products are named within the series."
                      options={RELATIVE_NAME_OPTIONS}
                      {...field}
                      onChange={(next) => next && field.onChange(next)}
                    />
                  )}
                />
                <Controller
                  control={control}
                  name="ageRating"
                  render={({ field }) => <SelectField label="Age rating" options={AGE_RATING_OPTIONS} {...field} onChange={(next) => next && field.onChange(next)} />}
                />
                <Controller
                  control={control}
                  name="imprintId"
                  render={({ field }) => <ComboBoxField<number> label="Imprint" options={imprints} placeholder="Type to search imprints" {...field} />}
                />
                <Controller
                  control={control}
                  name="restrictedTerritories"
                  render={({ field }) => (
                    <TagSelectField<string> label="Restricted territories" className={styles.wide} options={territories} {...field} />
                  )}
                />
              </div>
              <div className={styles.checks}>
                <Controller control={control} name="unlisted" render={({ field }) => <CheckboxField label="Unlisted" description="Reachable by its link only." {...field} />} />
                <Controller control={control} name="rightToLeft" render={({ field }) => <CheckboxField label="Read right to left" {...field} />} />
              </div>
            </section>

            <section className={styles.section} aria-labelledby="alt-titles-title">
              <div className={styles.sectionHeader}>
                <h2 id="alt-titles-title" className={styles.sectionTitle}>
                  Alternative titles
                </h2>
                <Button variant="secondary" size="sm" onClick={() => altTitles.append({ value: '' })}>
                  Add title
                </Button>
              </div>
              {altTitles.fields.length === 0 && <p className={styles.sectionNote}>None; search finds the series by these too.</p>}
              <ul className={styles.rows}>
                {altTitles.fields.map((altTitle, index) => (
                  <li key={altTitle.id} className={styles.row}>
                    <Controller
                      control={control}
                      name={`altTitles.${index}.value`}
                      rules={{ validate: (value) => value.trim() !== '' || 'Write the title or remove the row.' }}
                      render={({ field, fieldState }) => <TextField label={`Alternative title ${index + 1}`} {...field} error={fieldState.error?.message} />}
                    />
                    <div className={styles.rowActions}>
                      <Button variant="ghost" size="sm" onClick={() => altTitles.remove(index)} aria-label={`Remove alternative title ${index + 1}`}>
                        Remove
                      </Button>
                    </div>
                  </li>
                ))}
              </ul>
            </section>

            <section className={styles.section} aria-labelledby="credits-title">
              <h2 id="credits-title" className={styles.sectionTitle}>
                Credits
              </h2>
              <Controller
                control={control}
                name="isUsingOverrideCreators"
                render={({ field }) => (
                  <SwitchField label="Override the creators" description="Credit the list below instead of the creators taken from its products." {...field} />
                )}
              />
              {series && series.defaultCreators.length > 0 && (
                <p className={styles.sectionNote}>
                  From its products: {series.defaultCreators.map((credit) => `${credit.creator.name} (${credit.title})`).join(', ')}
                </p>
              )}
            </section>
            {overriding && <CreatorsSection title="Override creators" />}

            <SaveBar
              isDirty={formState.isDirty}
              savedAt={series?.updatedAt}
              busy={busy}
              saving={create.isPending || alter.isPending}
              onDiscard={() => series && reset(seriesToForm(series))}
              createLabel="Create series"
            />
          </form>
        </FormProvider>

        {series && (
          <EditorAside
            label="About this series"
            facts={[
              ['Id', series.id],
              ['Publisher', series.publisher?.name ?? '—'],
              ['Products', formatCount(series.productCount)],
              ['Last saved', formatDateTime(series.updatedAt)],
            ]}
            audit={{ entity: 'series', id: series.id }}
          >
            <SeriesNotes seriesId={series.id} notes={series.notes} />
          </EditorAside>
        )}
      </div>

      {series && <SeriesProducts seriesId={series.id} />}

      {series && (
        <ConfirmDialog
          isOpen={removing}
          onOpenChange={setRemoving}
          title="Remove this series?"
          confirmLabel="Remove series"
          isDestructive
          onConfirm={() => run('remove', 'Series removed.', 'The series was not removed.')}
        >
          <p>{series.title || 'The series'} leaves the storefront and search; its products stay as they are. It can be restored later.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
