import { TextField } from '@/components/form';
import { EmailVersions } from './email-frame';
import { fillHtml, fillText } from './placeholders';
import styles from './email.module.css';

interface TemplatePreviewProps {
  subject: string;
  htmlBody: string;
  textBody: string;
  placeholders: readonly string[];
  samples: Record<string, string>;
  onSampleChange: (name: string, value: string) => void;
}

/**
 * The template as a reader would get it, following every keystroke: the placeholders filled from
 * the sample values (an empty one shows itself), the HTML in a frame that runs nothing, the text
 * version in its own tab.
 */
export function TemplatePreview({ subject, htmlBody, textBody, placeholders, samples, onSampleChange }: TemplatePreviewProps) {
  return (
    <section className={styles.preview} aria-labelledby="template-preview-title">
      <h2 id="template-preview-title" className={styles.sectionTitle}>
        Live preview
      </h2>
      {placeholders.length > 0 ? (
        <fieldset className={styles.samples}>
          <legend className={styles.legend}>Sample values for the placeholders</legend>
          {placeholders.map((name) => (
            <TextField key={name} label={name} value={samples[name] ?? ''} onChange={(value) => onSampleChange(name, value)} />
          ))}
        </fieldset>
      ) : (
        <p className={styles.muted}>No placeholders yet: write {'{{name}}'} in the subject or a body to add one.</p>
      )}
      <p className={styles.previewSubject}>
        <span className="visually-hidden">Subject: </span>
        {fillText(subject, samples) || 'No subject'}
      </p>
      <EmailVersions
        label="Preview versions"
        html={fillHtml(htmlBody, samples)}
        text={fillText(textBody, samples) || 'No text version yet.'}
        frameTitle="HTML preview of the template"
        tall
        textLabel="Text preview of the template"
      />
    </section>
  );
}
