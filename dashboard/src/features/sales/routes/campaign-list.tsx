import { createColumnHelper } from '@tanstack/react-table';
import type { SalesCampaignRow } from '@inkwell/contracts/dashboard-merchandising';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { DataTable, usePagedQuery } from '@/components/data-table';
import { StatusBadge } from '@/components/feedback/status-badge';
import { SearchField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { formatCount } from '@/lib/format';
import { getCampaigns, salesQueryKey } from '../api/campaigns';
import { PhaseBadge } from '../components/phase-badge';
import { ZonedInstant, localZone } from '../dates';

const column = createColumnHelper<SalesCampaignRow>();

const columns = [
  column.accessor('name', { header: 'Name', enableSorting: false, meta: { isPrimary: true, label: 'Name' }, cell: (info) => info.getValue() || 'Untitled campaign' }),
  column.accessor('status', { header: 'Status', enableSorting: false, cell: (info) => <StatusBadge status={info.getValue()} /> }),
  column.accessor('phase', { header: 'Phase', enableSorting: false, cell: (info) => <PhaseBadge phase={info.getValue()} /> }),
  column.accessor('startDate', { header: 'Starts', enableSorting: false, cell: (info) => <ZonedInstant value={info.getValue()} /> }),
  column.accessor('endDate', { header: 'Ends', enableSorting: false, cell: (info) => <ZonedInstant value={info.getValue()} /> }),
  column.accessor('productCount', { header: 'Products', enableSorting: false, meta: { align: 'end' }, cell: (info) => formatCount(info.getValue()) }),
];

/** `sales-campaigns`: the server-side paged campaign list (dashboard spec §7, newest first). */
export default function CampaignListRoute() {
  const list = usePagedQuery<SalesCampaignRow>({
    queryKey: [...salesQueryKey, 'page'],
    fetchPage: (params, signal) =>
      getCampaigns({ search: params.search || undefined, fromIndex: (params.page - 1) * params.pageSize, count: params.pageSize }, { signal }),
  });
  const actions = (
    <>
      <ButtonLink to="/sales-campaigns/import" variant="secondary">
        Import spreadsheet
      </ButtonLink>
      <ButtonLink to="/sales-campaigns/new">New campaign</ButtonLink>
    </>
  );

  return (
    <>
      <PageHeader
        title="Sales campaigns"
        summary={`Run discounts on products and series between a start and an end date. Times are shown in your time zone (${localZone()}) with UTC beneath.`}
        actions={actions}
      />
      <DataTable
        caption="Sales campaigns"
        columns={columns}
        list={list}
        getRowId={(row) => String(row.id)}
        rowHref={(row) => `/sales-campaigns/${row.id}`}
        rowLabel={(row) => row.name || 'Untitled campaign'}
        toolbar={<SearchField label="Search campaigns" placeholder="Search by name" value={list.searchInput} onChange={list.setSearch} />}
        empty={{
          title: 'No sales campaigns yet',
          text: 'Create a campaign to discount products between two dates, or import one from a spreadsheet.',
          action: <ButtonLink to="/sales-campaigns/new">New campaign</ButtonLink>,
        }}
      />
    </>
  );
}
