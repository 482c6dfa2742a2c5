import { useMemo, useState } from 'react';
import { Controller, useForm, useWatch, type FieldErrors, type Path } from 'react-hook-form';
import { useNavigate } from 'react-router-dom';
import { Button } from '@inkwell/ui-kit/button';
import { toast } from '@/components/feedback/toast';
import { TextAreaField, TextField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { useUnsavedChangesGuard } from '@/components/unsaved-changes-guard';
import { SaveBar, refusedAt, useOutcome, useResetOnNewVersion } from '@/components/editor/editor-frame';
import { ProblemSummary, collectFormErrors } from '@/components/editor/problem-summary';
import editor from '@/components/editor/editor.module.css';
import { useAlterTemplate, useCreateTemplate, type EmailTemplate, type TemplateInput } from '../api/email';
import { placeholdersIn } from './placeholders';
import { TemplatePreview } from './template-preview';
import { TestEmailDialog } from './test-email-dialog';
import styles from './email.module.css';

const NAME = /^[A-Za-z0-9][A-Za-z0-9 ._-]*$/;

function toForm(template: EmailTemplate | undefined): TemplateInput {
  if (!template) return { name: '', description: '', subject: '', htmlBody: '', textBody: '' };
  return { name: template.name, description: template.description, subject: template.subject, htmlBody: template.htmlBody, textBody: template.textBody };
}

const required = (label: string) => (value: string) => value.trim() !== '' || `${label} is required.`;

/**
 * A database template's editor: name, description, subject, HTML and text bodies (the server's
 * refusals beside their fields), the live preview beside it, and a test send once it is saved.
 */
export function TemplateEditor({ template }: { template: EmailTemplate | undefined }) {
  const navigate = useNavigate();
  const { control, handleSubmit, reset, setFocus, formState } = useForm<TemplateInput>({ defaultValues: toForm(template), mode: 'onBlur', shouldFocusError: false });
  const [subject, htmlBody, textBody] = useWatch({ control, name: ['subject', 'htmlBody', 'textBody'] });
  const guard = useUnsavedChangesGuard(formState.isDirty);
  const { outcome, report, refuse, summaryRef } = useOutcome();
  const create = useCreateTemplate();
  const alter = useAlterTemplate();
  const [samples, setSamples] = useState<Record<string, string>>({});
  const [testing, setTesting] = useState(false);
  const placeholders = useMemo(() => placeholdersIn(subject, htmlBody, textBody), [subject, htmlBody, textBody]);

  useResetOnNewVersion(template, formState.isDirty, (stored) => reset(toForm(stored)));

  const onInvalid = (errors: FieldErrors<TemplateInput>) => report({ title: 'The template was not saved. Correct these fields:', problems: collectFormErrors(errors) });

  const persist = async (values: TemplateInput) => {
    const body = { ...values, name: values.name.trim() };
    try {
      if (template) {
        const saved = await alter.mutateAsync({ id: template.id, body });
        reset(toForm(saved));
        report(null);
        toast.success('Template saved.');
        return;
      }
      const created = await create.mutateAsync(body);
      report(null);
      toast.success('Template created.');
      guard.bypass();
      navigate(`/email-templates/${created.id}`, { replace: true });
    } catch (error) {
      refuse('The template was not saved.', error);
    }
  };

  const busy = create.isPending || alter.isPending;
  const field = (name: Path<TemplateInput>) => refusedAt(outcome, name);

  return (
    <div className={editor.page}>
      {guard.dialog}
      <PageHeader
        title={template ? template.name : 'New email template'}
        back={{ to: '/email-templates', label: 'Email templates' }}
        summary={template ? template.description || undefined : 'A template for staff replies and scheduled emails. {{placeholders}} are filled when it is sent.'}
        actions={
          template && (
            <Button variant="secondary" onClick={() => setTesting(true)} disabled={formState.isDirty} title={formState.isDirty ? 'Save first: the test sends the saved template.' : undefined}>
              Send test email
            </Button>
          )
        }
      />
      {template && formState.isDirty && <p className={styles.muted}>Save your changes to send a test: the test sends the saved template.</p>}

      <ProblemSummary ref={summaryRef} title={outcome?.title ?? ''} problems={outcome?.problems ?? []} onSelect={(name) => setFocus(name as Path<TemplateInput>)} />

      <div className={styles.editorLayout}>
        <form className={styles.editorForm} noValidate aria-label="Email template" onSubmit={(event) => void handleSubmit(persist, onInvalid)(event)}>
          <Controller
            control={control}
            name="name"
            rules={{
              validate: (value) => (value.trim() === '' ? 'Name is required.' : NAME.test(value.trim()) || 'A name starts with a letter or digit and holds letters, digits, spaces, dots, dashes and underscores.'),
              maxLength: { value: 100, message: 'A name is at most 100 characters.' },
            }}
            render={({ field: input, fieldState }) => <TextField label="Name" isRequired {...input} error={fieldState.error?.message ?? field('name')} />}
          />
          <Controller
            control={control}
            name="description"
            rules={{ maxLength: { value: 500, message: 'A description is at most 500 characters.' } }}
            render={({ field: input, fieldState }) => <TextField label="Description" {...input} error={fieldState.error?.message ?? field('description')} />}
          />
          <Controller
            control={control}
            name="subject"
            rules={{ validate: required('Subject'), maxLength: { value: 300, message: 'A subject is at most 300 characters.' } }}
            render={({ field: input, fieldState }) => <TextField label="Subject" isRequired {...input} error={fieldState.error?.message ?? field('subject')} />}
          />
          <Controller
            control={control}
            name="htmlBody"
            rules={{ validate: required('HTML body') }}
            render={({ field: input, fieldState }) => (
              <TextAreaField label="HTML body" isRequired rows={12} className={styles.code} description="HTML; {{name}} places a value." {...input} error={fieldState.error?.message ?? field('htmlBody')} />
            )}
          />
          <Controller
            control={control}
            name="textBody"
            rules={{ validate: required('Text body') }}
            render={({ field: input, fieldState }) => (
              <TextAreaField label="Text body" isRequired rows={8} className={styles.code} description="The plain-text version, for mail apps that show no HTML." {...input} error={fieldState.error?.message ?? field('textBody')} />
            )}
          />
          <SaveBar isDirty={formState.isDirty} savedAt={template?.updatedAt} busy={busy} saving={busy} onDiscard={() => reset(toForm(template))} createLabel="Create template" />
        </form>

        <TemplatePreview
          subject={subject}
          htmlBody={htmlBody}
          textBody={textBody}
          placeholders={placeholders}
          samples={samples}
          onSampleChange={(name, value) => setSamples((current) => ({ ...current, [name]: value }))}
        />
      </div>

      {template && testing && (
        <TestEmailDialog
          isOpen={testing}
          onOpenChange={setTesting}
          templateId={template.id}
          templateName={template.name}
          placeholders={template.placeholders}
          samples={samples}
        />
      )}
    </div>
  );
}
