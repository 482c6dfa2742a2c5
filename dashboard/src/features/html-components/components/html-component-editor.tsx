import { useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import { HTML_COMPONENT_STYLES, HtmlComponentInputSchema, type HtmlComponent, type HtmlComponentInput } from '@inkwell/contracts/dashboard-merchandising';
import { Button } from '@inkwell/ui-kit/button';
import { auditQueryKey } from '@/components/audit/audit-trail';
import { ConfirmDialog } from '@/components/dialog/confirm-dialog';
import { StatusBadge } from '@/components/feedback/status-badge';
import { toast } from '@/components/feedback/toast';
import { NumberField, SelectField, TextField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { MenuButton } from '@/components/menu-button';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { EditorAside, SaveBar, useOutcome, useResetOnNewVersion, type Outcome } from '@/components/editor/editor-frame';
import { ProblemSummary, collectFormErrors } from '@/components/editor/problem-summary';
import styles from '@/components/editor/editor.module.css';
import { formatDateTime } from '@/lib/format';
import { limitOf, maxLengthRule } from '@/lib/limits';
import { useAlterHtmlComponents, useCreateHtmlComponent } from '../api/html-components';
import { useRemoveWithUndo } from '../api/remove-with-undo';
import { CodeField } from './code-field';
import { SanitisedPreview } from './sanitised-preview';

type Style = HtmlComponentInput['style'];

interface HtmlComponentFormValues {
  name: string;
  style: Style;
  content: string;
  /** 1-based place among the components, as staff read it; null keeps it where it is (a new one goes last). */
  place: number | null;
}

const STYLE_OPTIONS = HTML_COMPONENT_STYLES.map((style) => ({ id: style, label: style }));
const fields = HtmlComponentInputSchema.properties;
const MAX_CONTENT = limitOf(fields.content, 'maxLength');

function toForm(component: HtmlComponent | undefined): HtmlComponentFormValues {
  if (!component) return { name: '', style: 'Plain', content: '', place: null };
  return { name: component.name, style: component.style, content: component.content, place: component.order + 1 };
}

/** The refusal's messages about `field`, whether the call named it alone or in a list (`0.content`). */
function refusedOn(outcome: Outcome | null, field: string): string | undefined {
  const messages = (outcome?.refused ?? []).filter((item) => item.field === field || item.field.endsWith(`.${field}`) || item.field.endsWith(`]${field}`)).map((item) => item.message);
  return messages.length > 0 ? messages.join(' ') : undefined;
}

type Target = 'Draft' | 'Published' | undefined;

/** The HTML component editor: name, style, the HTML in a code view, and the sanitised preview beside it. */
export function HtmlComponentEditor({ component }: { component: HtmlComponent | undefined }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { control, handleSubmit, reset, setFocus, formState } = useForm<HtmlComponentFormValues>({ defaultValues: toForm(component), mode: 'onBlur', shouldFocusError: false });
  const [name, style, content] = useWatch({ control, name: ['name', 'style', 'content'] });
  const guard = useUnsavedChangesGuard(formState.isDirty);
  const { outcome, report, refuse, summaryRef } = useOutcome();
  const create = useCreateHtmlComponent();
  const alter = useAlterHtmlComponents();
  const removeWithUndo = useRemoveWithUndo();
  const [removing, setRemoving] = useState(false);

  useResetOnNewVersion(component, formState.isDirty, (stored) => reset(toForm(stored)));

  const onInvalid = (errors: FieldErrors<HtmlComponentFormValues>) => report({ title: 'The component was not saved. Correct these fields:', problems: collectFormErrors(errors) });

  const persist = async (values: HtmlComponentFormValues, target: Target) => {
    const body: HtmlComponentInput = {
      name: values.name.trim(),
      style: values.style,
      content: values.content,
      ...(values.place !== null ? { order: values.place - 1 } : {}),
      ...(target ? { status: target } : {}),
    };
    try {
      if (component) {
        const saved = (await alter.mutateAsync([{ ...body, id: component.id, expectedUpdatedAt: component.updatedAt }])).find((item) => item.id === component.id);
        if (saved) reset(toForm(saved));
        void queryClient.invalidateQueries({ queryKey: auditQueryKey('html-components', component.id) });
        toast.success(target === 'Published' ? 'Component published.' : target === 'Draft' ? 'Component unpublished.' : 'Component saved, sanitised.');
        report(null);
        return;
      }
      const created = await create.mutateAsync(body);
      toast.success(target === 'Published' ? 'Component created and published.' : 'Component created as a draft.');
      report(null);
      guard.bypass();
      navigate(`/html-components/${created.id}`, { replace: true });
    } catch (error) {
      refuse(target === 'Published' ? 'The component cannot be published yet.' : 'The component was not saved.', error);
    }
  };

  const submit = (target: Target) => void handleSubmit((values) => persist(values, target), onInvalid)();
  const status = component?.status ?? 'New';
  const busy = create.isPending || alter.isPending;

  return (
    <div className={styles.page}>
      {guard.dialog}
      <PageHeader
        title={component ? name.trim() || component.name : 'New HTML component'}
        back={{ to: '/html-components', label: 'HTML components' }}
        meta={<StatusBadge status={status} />}
        actions={
          <>
            {status === 'Published' ? (
              <Button variant="secondary" onClick={() => submit('Draft')} disabled={busy}>
                Unpublish
              </Button>
            ) : (
              <Button onClick={() => submit('Published')} disabled={busy}>
                {formState.isDirty || !component ? 'Save and publish' : 'Publish'}
              </Button>
            )}
            {component && (
              <MenuButton
                label="More component actions"
                actions={[{ id: 'remove', label: 'Remove…', isDestructive: true, isDisabled: status === 'Removed', onAction: () => setRemoving(true) }]}
              />
            )}
          </>
        }
      />

      <ProblemSummary ref={summaryRef} title={outcome?.title ?? ''} problems={outcome?.problems ?? []} onSelect={(field) => setFocus(field as Path<HtmlComponentFormValues>)} />

      <div className={styles.layout}>
        <form className={styles.form} noValidate aria-label="HTML component" onSubmit={(event) => void handleSubmit((values) => persist(values, undefined), onInvalid)(event)}>
          <section className={styles.section} aria-labelledby="html-basics-title">
            <h2 id="html-basics-title" className={styles.sectionTitle}>
              Component
            </h2>
            <div className={styles.grid}>
              <Controller
                control={control}
                name="name"
                rules={{ validate: (value) => value.trim() !== '' || 'Name is required.', maxLength: maxLengthRule('Name', limitOf(fields.name, 'maxLength')) }}
                render={({ field, fieldState }) => <TextField label="Name" isRequired className={styles.wide} {...field} error={fieldState.error?.message ?? refusedOn(outcome, 'name')} />}
              />
              <Controller
                control={control}
                name="style"
                render={({ field }) => <SelectField label="Style" options={STYLE_OPTIONS} {...field} onChange={(next) => next && field.onChange(next)} />}
              />
              <Controller
                control={control}
                name="place"
                rules={{ validate: (value) => value === null || (Number.isInteger(value) && value >= 1) || 'The place is a whole number from 1.' }}
                render={({ field, fieldState }) => (
                  <NumberField
                    label="Order (place on the page)"
                    minValue={1}
                    formatOptions={{ maximumFractionDigits: 0 }}
                    description={component ? undefined : 'Left empty, it goes after the others.'}
                    {...field}
                    error={fieldState.error?.message ?? refusedOn(outcome, 'order')}
                  />
                )}
              />
            </div>
            <Controller
              control={control}
              name="content"
              rules={{ maxLength: maxLengthRule('HTML', MAX_CONTENT) }}
              render={({ field, fieldState }) => (
                <CodeField
                  label="HTML code"
                  description="Headings, paragraphs, lists, tables, links, images and videos from YouTube or Vimeo. Anything else is taken out when saved."
                  {...field}
                  error={fieldState.error?.message ?? refusedOn(outcome, 'content')}
                />
              )}
            />
          </section>

          <SanitisedPreview style={style} content={content} />

          <SaveBar
            isDirty={formState.isDirty}
            savedAt={component?.updatedAt}
            busy={busy}
            saving={busy}
            onDiscard={() => reset(toForm(component))}
            createLabel="Create component"
          />
        </form>

        {component && (
          <EditorAside
            label="About this component"
            facts={[
              ['Id', component.id],
              ['Place on the page', component.order + 1],
              ['Last saved', formatDateTime(component.updatedAt)],
            ]}
            audit={{ entity: 'html-components', id: component.id }}
          />
        )}
      </div>

      {component && (
        <ConfirmDialog
          isOpen={removing}
          onOpenChange={setRemoving}
          title={`Remove ${component.name}?`}
          confirmLabel="Remove component"
          isDestructive
          onConfirm={async () => {
            await removeWithUndo(component);
            guard.bypass();
            navigate('/html-components');
          }}
        >
          <p>The component leaves the storefront’s home page; Undo in the message that follows brings it back.</p>
        </ConfirmDialog>
      )}
    </div>
  );
}
