import { useEffect, useMemo, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { createColumnHelper, type RowSelectionState } from '@tanstack/react-table';
import type { TicketPage, TicketSummary } from '@inkwell/contracts/dashboard-support';
import { FORM_PLATFORMS, TICKET_STATUSES, type TicketStatus } from '@inkwell/contracts/support-rules';
import { Button } from '@inkwell/ui-kit/button';
import { DataTable, usePagedQuery } from '@/components/data-table';
import { toast } from '@/components/feedback/toast';
import { SearchField, SelectField, TagSelectField, TextField } from '@/components/form';
import { PageHeader } from '@/components/layout/page-header';
import { cx, formatCount, formatDateTime, formatRelative } from '@/lib/format';
import { getTicketPage, ticketsQueryKey, useAssignableUsers, useTicketTags } from '../api/tickets';
import { BulkEditDialog } from '../components/bulk-edit-dialog';
import { TagChip, TicketStatusBadge } from '../components/ticket-badges';
import {
  DEFAULT_VIEW,
  SAVED_FILTERS_KEY,
  TICKET_FILTERS,
  TICKET_VIEWS,
  readSavedFilters,
  ticketStatusLabel,
  withSavedFilter,
  type SavedFilterSet,
  type TicketFilter,
} from '../ticket-rules';
import styles from '../support-tickets.module.css';

const column = createColumnHelper<TicketSummary>();
const STATUS_OPTIONS = TICKET_STATUSES.map((status) => ({ id: status, label: ticketStatusLabel(status) }));
const PLATFORM_OPTIONS = [{ id: '', label: 'Any platform' }, ...FORM_PLATFORMS.map((platform) => ({ id: platform, label: platform }))];

function listOf(value: string | undefined): string[] {
  return value ? value.split(',').filter(Boolean) : [];
}

/** Keys typed into a field, a menu or a dialog are theirs, never a shortcut. */
function isTyping(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target.closest('input:not([type="checkbox"]):not([type="radio"]), textarea, select, [role="listbox"], [role="menu"], [role="dialog"], [role="alertdialog"]')) return true;
  return false;
}

const SHORTCUTS: [string, string][] = [
  ['j / k', 'next / previous ticket'],
  ['Enter or o', 'open it'],
  ['x', 'select it'],
  ['/', 'search'],
];

/** `support-tickets`: the inbox — views with counts, filters in the URL, keyboard navigation, bulk edit. */
export default function TicketInboxRoute() {
  const navigate = useNavigate();
  const location = useLocation();
  const list = usePagedQuery<TicketSummary, TicketFilter>({
    queryKey: [...ticketsQueryKey],
    filterKeys: TICKET_FILTERS,
    fetchPage: getTicketPage,
    defaultSort: null,
  });
  const { filters } = list.params;
  const view = filters.view ?? DEFAULT_VIEW;
  const page = list.query.data as TicketPage | undefined;
  const rows = useMemo(() => page?.items ?? [], [page]);
  const counts = page?.counts;
  const tags = useTicketTags();
  const users = useAssignableUsers();

  const [selected, setSelected] = useState<RowSelectionState>({});
  // Statuses of tickets seen, so a selection kept across pages knows what moves it allows.
  const seenStatus = useRef(new Map<string, TicketStatus>());
  for (const row of rows) seenStatus.current.set(String(row.id), row.status);
  const [bulkIds, setBulkIds] = useState<string[] | null>(null);

  const [cursor, setCursor] = useState(0);
  const cursorRef = useRef(cursor);
  cursorRef.current = Math.min(cursor, Math.max(rows.length - 1, 0));
  const tableRef = useRef<HTMLDivElement>(null);
  const searchRef = useRef<HTMLDivElement>(null);

  // A new page or view starts at its first ticket.
  const pageKey = JSON.stringify(list.params);
  const [lastPageKey, setLastPageKey] = useState(pageKey);
  if (pageKey !== lastPageKey) {
    setLastPageKey(pageKey);
    setCursor(0);
  }

  useEffect(() => {
    const focusRow = (index: number) => {
      const link = tableRef.current?.querySelector<HTMLAnchorElement>(`[data-ticket-index="${index}"]`)?.closest('a');
      link?.focus();
      link?.scrollIntoView({ block: 'nearest' });
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey || isTyping(event.target)) return;
      const count = rows.length;
      const current = cursorRef.current;
      if (event.key === '/') {
        event.preventDefault();
        searchRef.current?.querySelector('input')?.focus();
        return;
      }
      if (count === 0) return;
      if (event.key === 'j' || event.key === 'k') {
        event.preventDefault();
        const next = event.key === 'j' ? Math.min(current + 1, count - 1) : Math.max(current - 1, 0);
        setCursor(next);
        focusRow(next);
      } else if (event.key === 'o' || (event.key === 'Enter' && !(event.target instanceof HTMLElement && event.target.closest('a, button')))) {
        event.preventDefault();
        const row = rows[current];
        if (row) void navigate(`/support-tickets/${row.id}`, { state: { from: location.search } });
      } else if (event.key === 'x') {
        event.preventDefault();
        const row = rows[current];
        if (!row) return;
        const id = String(row.id);
        setSelected((was) => {
          const next = { ...was };
          if (next[id]) delete next[id];
          else next[id] = true;
          return next;
        });
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [rows, navigate, location.search]);

  const cursorIndex = cursorRef.current;
  const columns = useMemo(
    () => [
      column.accessor('subject', {
        id: 'subject',
        header: 'Subject',
        enableSorting: false,
        meta: { isPrimary: true, label: 'Subject' },
        cell: ({ row }) => (
          <span
            className={cx(styles.subjectCell, row.original.unread && styles.unread, row.index === cursorIndex && styles.cursorMark)}
            data-ticket-index={row.index}
          >
            <span className={styles.subjectLine}>
              {row.original.unread && <span className="visually-hidden">Unread: </span>}
              {row.original.subject || '(no subject)'}
            </span>
            <span className={styles.previewText}>{row.original.preview}</span>
          </span>
        ),
      }),
      column.accessor('status', { id: 'status', header: 'Status', enableSorting: false, cell: (info) => <TicketStatusBadge status={info.getValue()} /> }),
      column.display({
        id: 'customer',
        header: 'Customer',
        cell: ({ row }) => (
          <span className={cx(styles.customerCell, row.original.unread && styles.unread)}>
            {row.original.fromName && <span>{row.original.fromName}</span>}
            <span className={row.original.fromName ? styles.muted : undefined}>{row.original.from}</span>
          </span>
        ),
      }),
      column.accessor('tags', {
        header: 'Tags',
        enableSorting: false,
        cell: (info) =>
          info.getValue().length === 0 ? (
            <span className={styles.muted}>—</span>
          ) : (
            <span className={styles.tagList}>
              {info.getValue().map((tag) => (
                <TagChip key={tag.id} name={tag.name} color={tag.color} />
              ))}
            </span>
          ),
      }),
      column.accessor('assignedToEmail', { header: 'Assignee', enableSorting: false, meta: { hideOnPhone: true }, cell: (info) => info.getValue() ?? <span className={styles.muted}>Unassigned</span> }),
      column.accessor('platform', { header: 'Platform', enableSorting: false, meta: { hideOnPhone: true }, cell: (info) => info.getValue() ?? '—' }),
      column.accessor('latestUpdate', {
        id: 'latestUpdate',
        header: 'Last update',
        cell: (info) => (
          <time dateTime={info.getValue()} title={formatDateTime(info.getValue())} className={styles.nowrap}>
            {formatRelative(info.getValue())}
          </time>
        ),
      }),
    ],
    [cursorIndex],
  );

  /* ------------------------------------------------ saved filter sets (this browser, by name) */
  const [saved, setSaved] = useState<SavedFilterSet[]>(() => readSavedFilters(globalThis.localStorage));
  const [saveName, setSaveName] = useState('');
  const storeSaved = (next: SavedFilterSet[]) => {
    setSaved(next);
    try {
      localStorage.setItem(SAVED_FILTERS_KEY, JSON.stringify(next));
    } catch {
      toast.error('Saved filters could not be stored in this browser.');
    }
  };
  const currentQuery = () => {
    const query = new URLSearchParams(location.search);
    query.delete('page');
    return query.toString();
  };

  const setView = (next: string) => {
    list.setFilter('view', next === DEFAULT_VIEW ? null : next);
    setSelected({});
  };

  const tagOptions = (tags.data ?? []).map((tag) => ({ id: tag.id, label: tag.name }));
  const assigneeOptions = [
    { id: '', label: 'Anyone' },
    { id: 'me', label: 'Me' },
    { id: 'unassigned', label: 'Unassigned' },
    ...(users.data ?? []).map((user) => ({ id: user.userId, label: user.name ?? user.email })),
  ];

  const toolbar = (
    <div className={styles.filters}>
      <div ref={searchRef} className={cx(styles.search, styles.wide)}>
        <SearchField label="Search tickets" placeholder="Address, name, subject, ticket number or message text" value={list.searchInput} onChange={list.setSearch} />
      </div>
      <TagSelectField<TicketStatus>
        label="Status"
        options={STATUS_OPTIONS}
        value={listOf(filters.status) as TicketStatus[]}
        onChange={(value) => list.setFilter('status', value.join(','))}
        placeholder="Any status"
        className={styles.wide}
      />
      <TagSelectField<number>
        label="Tags"
        options={tagOptions}
        value={listOf(filters.tags).map(Number)}
        onChange={(value) => list.setFilter('tags', value.join(','))}
        placeholder="Any tag"
        className={styles.wide}
      />
      <SelectField<string> label="Assignee" options={assigneeOptions} value={filters.assignee ?? ''} onChange={(value) => list.setFilter('assignee', value)} className={styles.filter} />
      <SelectField<string> label="Platform" options={PLATFORM_OPTIONS} value={filters.platform ?? ''} onChange={(value) => list.setFilter('platform', value)} className={styles.filter} />
    </div>
  );

  const selectedStatuses = (ids: string[]) => ids.map((id) => seenStatus.current.get(id)).filter((status): status is TicketStatus => status !== undefined);

  return (
    <>
      <PageHeader title="Support tickets" summary="Answer customers' emails and contact forms: tag, assign and reply, one ticket or many at once." />

      <nav aria-label="Ticket views" className={styles.views}>
        {TICKET_VIEWS.map((entry) => {
          const badge = entry.count && counts ? counts[entry.count] : undefined;
          return (
            <button key={entry.id} type="button" className={styles.view} aria-pressed={view === entry.id} onClick={() => setView(entry.id)}>
              {entry.label}
              {badge !== undefined && <span className={styles.viewCount}>{formatCount(badge)}</span>}
            </button>
          );
        })}
      </nav>

      <details className={styles.saved}>
        <summary>Saved filters{saved.length > 0 ? ` (${saved.length})` : ''}</summary>
        <div className={styles.savedBody}>
          {saved.length === 0 ? (
            <p className={styles.muted}>Save the current view, search and filters under a name to come back to them.</p>
          ) : (
            <ul className={styles.savedList}>
              {saved.map((entry) => (
                <li key={entry.name}>
                  <Button size="sm" variant="secondary" onClick={() => void navigate({ search: entry.query ? `?${entry.query}` : '' })}>
                    {entry.name}
                  </Button>
                  <Button size="sm" variant="ghost" aria-label={`Forget ${entry.name}`} onClick={() => storeSaved(saved.filter((item) => item.name !== entry.name))}>
                    Forget
                  </Button>
                </li>
              ))}
            </ul>
          )}
          <form
            className={styles.saveForm}
            onSubmit={(event) => {
              event.preventDefault();
              const name = saveName.trim();
              if (!name) return;
              storeSaved(withSavedFilter(saved, { name, query: currentQuery() }));
              setSaveName('');
              toast.success(`Filters saved as “${name}”`);
            }}
          >
            <TextField label="Name for these filters" value={saveName} onChange={setSaveName} />
            <Button size="sm" type="submit" disabled={!saveName.trim()}>
              Save filters
            </Button>
          </form>
        </div>
      </details>

      <p className={styles.shortcuts} aria-label="Keyboard shortcuts">
        <span className={styles.shortcutsTitle}>Keyboard shortcuts:</span>
        {SHORTCUTS.map(([keys, what]) => (
          <span key={keys}>
            <kbd>{keys}</kbd> {what}
          </span>
        ))}
      </p>

      <div ref={tableRef}>
        <DataTable
          caption="Support tickets"
          columns={columns}
          list={list}
          getRowId={(row) => String(row.id)}
          rowHref={(row) => `/support-tickets/${row.id}`}
          rowLabel={(row) => `ticket ${row.id}, ${row.subject}`}
          toolbar={toolbar}
          selection={{ selected, onChange: setSelected }}
          bulkActions={(ids) => (
            <Button size="sm" onClick={() => setBulkIds(ids)}>
              Edit selected…
            </Button>
          )}
          empty={{ title: 'No tickets here', text: 'Customers’ emails to support and the storefront’s contact forms become tickets here.' }}
        />
      </div>

      <BulkEditDialog
        isOpen={bulkIds !== null}
        onOpenChange={(open) => !open && setBulkIds(null)}
        ticketIds={(bulkIds ?? []).map(Number)}
        statuses={selectedStatuses(bulkIds ?? [])}
        onDone={() => setSelected({})}
      />
    </>
  );
}
