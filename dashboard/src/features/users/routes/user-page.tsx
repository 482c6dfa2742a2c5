import { useState, type ComponentType } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useNavigate, useParams, useSearchParams } from 'react-router-dom';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import type { UserDetail } from '@inkwell/contracts/dashboard-customers';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';
import { Badge } from '@/components/feedback/status-badge';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/layout/page-header';
import { MenuButton } from '@/components/menu-button';
import tabStyles from '@/components/tabs.module.css';
import { ApiError, errorMessage } from '@/lib/staff-api';
import { useEraseUser, userQueryKey, userQueryOptions } from '../api/users';
import { EditUserDialog } from '../components/edit-user-dialog';
import { roleLabel } from '../components/labels';
import { ActivityTab, NotesTab } from '../components/notes-tab';
import { OrdersTab, TransactionsTab } from '../components/orders-tab';
import { OverviewTab } from '../components/overview-tab';
import { ProductsTab } from '../components/products-tab';
import { RolesDialog } from '../components/roles-dialog';
import { TypedConfirmDialog } from '../components/typed-confirm-dialog';
import styles from '../components/users.module.css';

const TABS = [
  { id: 'overview', label: 'Overview' },
  { id: 'products', label: 'Products' },
  { id: 'orders', label: 'Orders' },
  { id: 'transactions', label: 'Transactions' },
  { id: 'notes', label: 'Notes' },
  { id: 'activity', label: 'Activity' },
] as const;
type TabId = (typeof TABS)[number]['id'];

const PANELS: Record<TabId, ComponentType<{ user: UserDetail }>> = {
  overview: OverviewTab,
  products: ProductsTab,
  orders: OrdersTab,
  transactions: TransactionsTab,
  notes: NotesTab,
  activity: ActivityTab,
};

type Dialog = 'edit' | 'roles' | 'erase' | 'erase-payment' | null;

/** The customer page: the user's detail in tabs (the open tab is in the address, `?tab=`), and what staff do to the account. */
export default function UserPageRoute() {
  const { id = '' } = useParams();
  const user = useQuery(userQueryOptions(id));
  const [searchParams, setSearchParams] = useSearchParams();
  const requested = searchParams.get('tab');
  const tab: TabId = TABS.some((t) => t.id === requested) ? (requested as TabId) : 'overview';
  const select = (key: Key) => setSearchParams(key === 'overview' ? {} : { tab: String(key) }, { replace: true });
  const [dialog, setDialog] = useState<Dialog>(null);
  const erase = useEraseUser();
  const navigate = useNavigate();
  const queryClient = useQueryClient();

  if (user.isPending) {
    return (
      <>
        <PageHeader title="User" back={{ to: '/users', label: 'Users' }} />
        <p className={styles.muted} role="status">
          Loading the user…
        </p>
      </>
    );
  }
  if (user.isError) {
    const missing = user.error instanceof ApiError && (user.error.httpStatus === 404 || user.error.httpStatus === 400);
    return (
      <>
        <PageHeader title={missing ? 'No such user' : 'The user did not load'} back={{ to: '/users', label: 'Users' }} />
        <EmptyState
          icon={<AlertIcon size={20} />}
          title={missing ? 'This user does not exist' : 'Something went wrong'}
          headingLevel="h2"
          actions={
            missing ? (
              <ButtonLink to="/users" variant="secondary">
                Back to the users
              </ButtonLink>
            ) : (
              <Button variant="secondary" onClick={() => void user.refetch()}>
                Try again
              </Button>
            )
          }
        >
          <p>{missing ? 'The account may have been erased, or the link is wrong.' : errorMessage(user.error)}</p>
        </EmptyState>
      </>
    );
  }

  const detail = user.data;
  const eraseNow = async (paymentCustomer: boolean) => {
    await erase.mutateAsync({ userId: detail.id, paymentCustomer });
    toast.success(paymentCustomer ? `${detail.email}: payment customer and subscription deleted, account erased` : `${detail.email} erased`);
    await navigate('/users');
    queryClient.removeQueries({ queryKey: userQueryKey(detail.id) });
  };

  return (
    <>
      <PageHeader
        title={detail.name || detail.email}
        back={{ to: '/users', label: 'Users' }}
        summary={detail.name ? detail.email : undefined}
        meta={
          <>
            {detail.verified ? <Badge tone="success">Verified</Badge> : <Badge tone="warning">Not verified</Badge>}
            {detail.roles.map((role) => (
              <Badge key={role} tone="info">
                {roleLabel(role)}
              </Badge>
            ))}
          </>
        }
        actions={
          <>
            <Button variant="secondary" onClick={() => setDialog('edit')}>
              Edit
            </Button>
            <Button variant="secondary" onClick={() => setDialog('roles')}>
              Roles
            </Button>
            <MenuButton
              label={`More actions for ${detail.email}`}
              actions={[
                { id: 'erase-payment', label: 'Delete payment customer & subscription…', isDestructive: true, onAction: () => setDialog('erase-payment') },
                { id: 'erase', label: 'Delete user…', isDestructive: true, onAction: () => setDialog('erase') },
              ]}
            />
          </>
        }
      />
      <Tabs selectedKey={tab} onSelectionChange={select} className={tabStyles.tabs}>
        <TabList aria-label="User" className={tabStyles.list}>
          {TABS.map((t) => (
            <Tab key={t.id} id={t.id} className={tabStyles.tab}>
              {t.label}
            </Tab>
          ))}
        </TabList>
        {TABS.map((t) => {
          const Panel = PANELS[t.id];
          return (
            <TabPanel key={t.id} id={t.id} className={tabStyles.panel}>
              <Panel user={detail} />
            </TabPanel>
          );
        })}
      </Tabs>

      {dialog === 'edit' && <EditUserDialog user={detail} onClose={() => setDialog(null)} />}
      {dialog === 'roles' && <RolesDialog user={detail} onClose={() => setDialog(null)} />}
      <TypedConfirmDialog
        isOpen={dialog === 'erase'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Delete ${detail.email}?`}
        phrase={detail.email}
        phraseLabel="Email of the account"
        confirmLabel="Delete user"
        onConfirm={() => eraseNow(false)}
      >
        <p>
          The account, its sign-in and sessions go at once, and every service forgets the person: library, reading progress, carts, tickets. Orders and
          charges are kept for the accounts with the personal data replaced. This cannot be undone.
        </p>
      </TypedConfirmDialog>
      <TypedConfirmDialog
        isOpen={dialog === 'erase-payment'}
        onOpenChange={(open) => !open && setDialog(null)}
        title={`Delete the payment customer and subscription of ${detail.email}?`}
        phrase={detail.email}
        phraseLabel="Email of the account"
        confirmLabel="Delete payment customer"
        onConfirm={() => eraseNow(true)}
      >
        <p>
          The payment provider’s customer and any subscription are deleted, and the person is erased as with Delete user: the account goes at once,
          orders are kept with the personal data replaced. This cannot be undone.
        </p>
      </TypedConfirmDialog>
    </>
  );
}
