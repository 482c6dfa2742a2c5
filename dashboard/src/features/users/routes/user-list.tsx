import { createColumnHelper } from '@tanstack/react-table';
import { ACCOUNT_ROLES, type UserListEntry } from '@inkwell/contracts/dashboard-customers';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { DataTable } from '@/components/data-table/data-table';
import { usePagedQuery } from '@/components/data-table/use-paged-query';
import { Badge } from '@/components/feedback/status-badge';
import { SearchField } from '@/components/form/search-field';
import { SelectField } from '@/components/form/select-field';
import { PageHeader } from '@/components/layout/page-header';
import { formatCount, formatDate, formatRelative } from '@/lib/format';
import { getUserPage, usersQueryKey, type UserFilter } from '../api/users';
import { roleLabel } from '../components/labels';
import styles from '../components/users.module.css';

const column = createColumnHelper<UserListEntry>();

const columns = [
  column.accessor('email', {
    header: 'Email',
    meta: { isPrimary: true },
    cell: (info) => <span className={styles.breakable}>{info.getValue()}</span>,
  }),
  column.accessor('name', { header: 'Name', cell: (info) => info.getValue() || '—' }),
  column.accessor('verified', {
    header: 'Email verified',
    enableSorting: false,
    cell: (info) => (info.getValue() ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>),
  }),
  column.accessor('roles', {
    header: 'Roles',
    enableSorting: false,
    cell: (info) => (info.getValue().length === 0 ? <span className={styles.muted}>Reader</span> : info.getValue().map(roleLabel).join(', ')),
  }),
  column.accessor('lastLoginAt', {
    header: 'Last sign-in',
    meta: { hideOnPhone: true },
    cell: (info) => (info.getValue() ? <time dateTime={info.getValue()!}>{formatRelative(info.getValue())}</time> : 'Never'),
  }),
  column.accessor('loginCount', { header: 'Sign-ins', enableSorting: false, meta: { align: 'end', hideOnPhone: true }, cell: (info) => formatCount(info.getValue()) }),
  column.accessor('createdAt', { header: 'Joined', cell: (info) => formatDate(info.getValue()) }),
];

/** Users: find a customer by email, name or id, narrow by role or verification, and open their page. */
export default function UserListRoute() {
  const list = usePagedQuery<UserListEntry, UserFilter>({
    queryKey: usersQueryKey,
    filterKeys: ['role', 'verified'],
    defaultSort: { id: 'createdAt', desc: true },
    fetchPage: getUserPage,
  });

  return (
    <>
      <PageHeader
        title="Users"
        summary="Find a customer by email, name or id, then see what they own and bought, grant products, add notes, set roles or erase them."
        actions={
          <ButtonLink to="/users/exports" variant="secondary">
            Export users
          </ButtonLink>
        }
      />
      <DataTable
        caption="Users"
        columns={columns}
        list={list}
        getRowId={(user) => user.id}
        rowHref={(user) => `/users/${user.id}`}
        rowLabel={(user) => user.email}
        toolbar={
          <>
            <SearchField label="Search users" placeholder="Search by email, name or id" value={list.searchInput} onChange={list.setSearch} className={styles.search} />
            <SelectField<string>
              label="Role"
              options={[{ id: 'any', label: 'Any role' }, ...ACCOUNT_ROLES.map((role) => ({ id: role, label: roleLabel(role) }))]}
              value={list.params.filters.role ?? 'any'}
              onChange={(value) => list.setFilter('role', value === 'any' ? null : value)}
            />
            <SelectField<string>
              label="Email verified"
              options={[
                { id: 'any', label: 'Verified or not' },
                { id: 'yes', label: 'Verified' },
                { id: 'no', label: 'Not verified' },
              ]}
              value={list.params.filters.verified ?? 'any'}
              onChange={(value) => list.setFilter('verified', value === 'any' ? null : value)}
            />
          </>
        }
        empty={{ title: 'No users yet', text: 'Accounts appear here as readers sign up.' }}
      />
    </>
  );
}
