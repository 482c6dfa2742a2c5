import { EditorRoute } from '@/components/editor/editor-route';
import { useDbTemplate } from '../api/email';
import { TemplateEditor } from '../components/template-editor';

/** `email-templates/new` and `email-templates/:id`: a database template's editor with its live preview. */
export default function EmailTemplateEditorRoute() {
  return (
    <EditorRoute noun={{ one: 'email template', many: 'email templates', owner: 'template’s' }} listPath="/email-templates" useItem={useDbTemplate}>
      {(template, key) => <TemplateEditor key={key} template={template} />}
    </EditorRoute>
  );
}
