import { useParams } from 'react-router-dom';
import { Badge } from '@/components/feedback/status-badge';
import { PageHeader } from '@/components/layout/page-header';
import { formatDateTime } from '@/lib/format';
import { useAuthTemplate } from '../api/email';
import { EmailVersions } from '../components/email-frame';
import { QueryState } from '../components/query-state';
import styles from '../components/email.module.css';

/** `email-templates/auth/:name`: an authentication template, read-only, as the account sends it. */
export default function AuthTemplateRoute() {
  const { name } = useParams();
  const query = useAuthTemplate(name);
  return (
    <>
      <PageHeader title={name ?? 'Authentication template'} back={{ to: '/email-templates?tab=authentication', label: 'Email templates' }} meta={<Badge tone="muted">Read-only</Badge>} />
      <QueryState query={query} what="the template">
        {(template) => (
          <div className={styles.drawerBody}>
            <p className={styles.readOnlyNote}>The account’s {template.name} email is made from this template. It is read-only here.</p>
            <dl className={styles.facts}>
              <dt>Subject</dt>
              <dd>{template.subject}</dd>
              <dt>Placeholders</dt>
              <dd>{template.placeholders.join(', ') || 'None'}</dd>
              <dt>Last changed</dt>
              <dd>{formatDateTime(template.updatedAt)}</dd>
            </dl>
            <EmailVersions label="Template versions" html={template.htmlBody} text={template.textBody} frameTitle={`HTML of the ${template.name} template`} tall />
          </div>
        )}
      </QueryState>
    </>
  );
}
