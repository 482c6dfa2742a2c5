import { useParams } from 'react-router-dom';
import { Tab, TabList, TabPanel, Tabs } from 'react-aria-components';
import { Badge } from '@/components/feedback/status-badge';
import { PageHeader } from '@/components/layout/page-header';
import tabStyles from '@/components/tabs.module.css';
import { formatDateTime } from '@/lib/format';
import { useAuthTemplate } from '../api/email';
import { EmailFrame } from '../components/email-frame';
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
            <Tabs className={tabStyles.tabs} defaultSelectedKey="html">
              <TabList aria-label="Template versions" className={tabStyles.list}>
                <Tab id="html" className={tabStyles.tab}>
                  HTML version
                </Tab>
                <Tab id="text" className={tabStyles.tab}>
                  Text version
                </Tab>
              </TabList>
              <TabPanel id="html">
                <EmailFrame html={template.htmlBody} title={`HTML of the ${template.name} template`} tall />
              </TabPanel>
              <TabPanel id="text">
                <pre className={styles.textBody}>{template.textBody}</pre>
              </TabPanel>
            </Tabs>
          </div>
        )}
      </QueryState>
    </>
  );
}
