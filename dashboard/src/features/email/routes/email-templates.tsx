import { createColumnHelper } from '@tanstack/react-table';
import { Link, useSearchParams } from 'react-router-dom';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { DataTable } from '@/components/data-table/data-table';
import { SimpleTable } from '@/components/data-table/simple-table';
import { usePagedQuery } from '@/components/data-table/use-paged-query';
import { Badge } from '@/components/feedback/status-badge';
import { SearchField } from '@/components/form/search-field';
import { PageHeader } from '@/components/layout/page-header';
import tabStyles from '@/components/tabs.module.css';
import { formatDateTime } from '@/lib/format';
import { getTemplatePage, templatesQueryKey, useAuthTemplates, type EmailTemplate } from '../api/email';
import styles from '../components/email.module.css';

const column = createColumnHelper<EmailTemplate>();

const columns = [
  column.accessor('name', { header: 'Name', meta: { isPrimary: true }, enableSorting: false, cell: (info) => <span className={styles.breakable}>{info.getValue()}</span> }),
  column.accessor('subject', { header: 'Subject', enableSorting: false, cell: (info) => <span className={styles.breakable}>{info.getValue()}</span> }),
  column.accessor('description', { header: 'Description', enableSorting: false, meta: { hideOnPhone: true }, cell: (info) => info.getValue() || '—' }),
  column.accessor('placeholders', { header: 'Placeholders', enableSorting: false, meta: { hideOnPhone: true }, cell: (info) => info.getValue().join(', ') || '—' }),
  column.accessor('updatedAt', { header: 'Last saved', enableSorting: false, cell: (info) => <time dateTime={info.getValue()}>{formatDateTime(info.getValue())}</time> }),
];

function DatabaseTemplates() {
  const list = usePagedQuery<EmailTemplate>({ queryKey: templatesQueryKey, fetchPage: getTemplatePage, paramPrefix: 'db-' });
  return (
    <DataTable
      caption="Database templates"
      columns={columns}
      list={list}
      getRowId={(template) => String(template.id)}
      rowHref={(template) => `/email-templates/${template.id}`}
      rowLabel={(template) => template.name}
      toolbar={<SearchField label="Search templates" placeholder="Search by name, description or subject" value={list.searchInput} onChange={list.setSearch} className={styles.toolbarSearch} />}
      empty={{ title: 'No database templates', text: 'Templates staff write for replies and scheduled emails appear here.', action: <ButtonLink to="/email-templates/new">New template</ButtonLink> }}
    />
  );
}

function AuthenticationTemplates() {
  const query = useAuthTemplates();
  return (
    <>
      <p className={styles.readOnlyNote}>Authentication templates make the account’s own emails (verification, password reset, email change). They are read-only here.</p>
      <SimpleTable
        caption="Authentication templates"
        query={query}
        getRowId={(template) => template.name}
        empty={{ title: 'No authentication templates', text: 'The account’s emails are listed here.' }}
        columns={[
          {
            id: 'name',
            header: 'Name',
            isPrimary: true,
            cell: (template) => (
              <Link to={`/email-templates/auth/${encodeURIComponent(template.name)}`} className={styles.breakable}>
                {template.name}
              </Link>
            ),
          },
          { id: 'subject', header: 'Subject', cell: (template) => <span className={styles.breakable}>{template.subject}</span> },
          { id: 'kind', header: 'Kind', cell: () => <Badge tone="muted">Read-only</Badge> },
          { id: 'placeholders', header: 'Placeholders', cell: (template) => template.placeholders.join(', ') || '—' },
        ]}
      />
    </>
  );
}

const TABS = [
  { id: 'database', label: 'Database templates' },
  { id: 'authentication', label: 'Authentication templates' },
] as const;

/** Email templates: the database templates staff write (searched, paged) and the read-only authentication ones. */
export default function EmailTemplatesRoute() {
  const [searchParams, setSearchParams] = useSearchParams();
  const tab = searchParams.get('tab') === 'authentication' ? 'authentication' : 'database';
  const select = (key: Key) =>
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        if (key === 'database') next.delete('tab');
        else next.set('tab', String(key));
        return next;
      },
      { replace: true },
    );
  return (
    <>
      <PageHeader
        title="Email templates"
        summary="Write the database templates used for replies and scheduled emails, preview them as you type and send a test; read the authentication templates."
        actions={<ButtonLink to="/email-templates/new">New template</ButtonLink>}
      />
      <Tabs selectedKey={tab} onSelectionChange={select} className={tabStyles.tabs}>
        <TabList aria-label="Template kinds" className={tabStyles.list}>
          {TABS.map((item) => (
            <Tab key={item.id} id={item.id} className={tabStyles.tab}>
              {item.label}
            </Tab>
          ))}
        </TabList>
        <TabPanel id="database">
          <DatabaseTemplates />
        </TabPanel>
        <TabPanel id="authentication">
          <AuthenticationTemplates />
        </TabPanel>
      </Tabs>
    </>
  );
}
