/**
 * The Support tickets area's rules that need no screen: the inbox's views and URL state as the
 * search body, the statuses a bulk edit may offer, how a conversation's message is told apart
 * (dashboard spec §8's two errors for an unknown one), and the ink that reads on a tag's colour.
 */
import type { TicketMessage, TicketSearchBody, TicketSummary } from '@inkwell/contracts/dashboard-support';
import {
  TICKET_STATUSES,
  TICKET_STATUS_LABELS,
  canStaffMoveTicket,
  unknownEmailDirection,
  unknownTicketMessageType,
  type TicketStatus,
} from '@inkwell/contracts/support-rules';

export type TicketFilter = 'view' | 'status' | 'tags' | 'assignee' | 'platform';
export const TICKET_FILTERS: readonly TicketFilter[] = ['view', 'status', 'tags', 'assignee', 'platform'];

/** The inbox's saved views (tabs); `counts` names the badge each shows. */
export const TICKET_VIEWS = [
  { id: 'waiting', label: 'Waiting on us', count: 'waitingOnUs' },
  { id: 'unread', label: 'Unread', count: 'unread' },
  { id: 'mine', label: 'Mine', count: 'mine' },
  { id: 'unassigned', label: 'Unassigned', count: 'unassigned' },
  { id: 'open', label: 'All open', count: 'open' },
  { id: 'done', label: 'Solved/Closed', count: null },
] as const;
export type TicketView = (typeof TICKET_VIEWS)[number]['id'];
export const DEFAULT_VIEW: TicketView = 'waiting';

export function ticketStatusLabel(status: string): string {
  return TICKET_STATUS_LABELS[status as TicketStatus] ?? status;
}

function listOf(value: string | undefined): string[] {
  return value ? value.split(',').filter(Boolean) : [];
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

interface ListParams {
  page: number;
  pageSize: number;
  sort: { id: string; desc: boolean } | null;
  search: string;
  filters: Partial<Record<TicketFilter, string>>;
}

/**
 * `POST /dashboard/support-tickets/post-pagination`'s body for the inbox's state: the view sets its
 * own conditions, the filters narrow further; what the API would refuse (an edited link: an unknown
 * status, a tag id that is not a number) is left out rather than sent.
 */
export function ticketSearchBody(params: ListParams): TicketSearchBody {
  const { view = DEFAULT_VIEW, status, tags, assignee, platform } = params.filters;
  const statuses = listOf(status).filter((s): s is TicketStatus => (TICKET_STATUSES as readonly string[]).includes(s));
  const tagIds = listOf(tags)
    .map(Number)
    .filter((id) => Number.isSafeInteger(id) && id > 0);
  const body: TicketSearchBody = { pageNumber: params.page, pageSize: params.pageSize };
  const search = params.search.trim();
  if (search) body.search = search;
  switch (view) {
    case 'waiting':
      body.waitingOnUs = true;
      break;
    case 'unread':
      body.unread = true;
      break;
    case 'mine':
      body.assignedTo = 'me';
      break;
    case 'unassigned':
      body.assignedTo = 'unassigned';
      break;
    case 'open':
      body.statuses = ['Open', 'PendingOnCustomer'];
      break;
    case 'done':
      body.statuses = ['Solved', 'Closed'];
      break;
    default:
      // 'all' and anything unknown: no condition of its own.
      break;
  }
  // A status chosen in the filters takes the place of the view's.
  if (statuses.length > 0) body.statuses = statuses;
  if (tagIds.length > 0) body.tagIds = tagIds;
  if (assignee === 'me' || assignee === 'unassigned' || (assignee && UUID.test(assignee))) body.assignedTo = assignee;
  if (platform) body.platform = platform;
  const sortBy = params.sort?.id;
  if (sortBy === 'latestUpdate' || sortBy === 'firstCreated' || sortBy === 'latestInboundUpdate') {
    body.sortBy = sortBy;
    body.sortDirection = params.sort?.desc ? 'desc' : 'asc';
  }
  return body;
}

/** The statuses a bulk edit may offer: those every selected ticket may move to (support-rules.ts). */
export function bulkStatusChoices(current: readonly TicketStatus[]): TicketStatus[] {
  if (current.length === 0) return [];
  return TICKET_STATUSES.filter((to) => current.every((from) => canStaffMoveTicket(from, to)));
}

export type MessageKind = 'inbound' | 'outbound' | 'form';

/**
 * Which kind of message the conversation shows. A type or direction it does not know is an error
 * in the spec's words (§8), not a message drawn as something it is not.
 */
export function messageKind(message: { type: string; direction?: string }): MessageKind {
  if (message.type === 'SubmittedForm') return 'form';
  if (message.type !== 'Email') throw new Error(unknownTicketMessageType(message.type));
  if (message.direction === 'Inbound') return 'inbound';
  if (message.direction === 'Outbound') return 'outbound';
  throw new Error(unknownEmailDirection(String(message.direction)));
}

export type { TicketMessage, TicketSummary };

/** Black or white, whichever reads better on a tag's `#rrggbb` (WCAG relative luminance). */
export function inkOn(color: string): '#000000' | '#ffffff' {
  const match = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(color);
  if (!match) return '#000000';
  const [r, g, b] = match.slice(1).map((hex) => {
    const c = parseInt(hex, 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast with white is 1.05 / (L + 0.05); with black (L + 0.05) / 0.05: choose the larger.
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.05 ? '#ffffff' : '#000000';
}

/** "12 KB": an attachment's or an email's size. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${Math.round(bytes / 1024)} KB`;
  return `${(bytes / (1024 * 1024)).toFixed(1)} MB`;
}

/** The placeholders of a template's text, `{{name}}` (the support service's renderer), in order, once each. */
export function placeholdersOf(...texts: string[]): string[] {
  const found: string[] = [];
  for (const text of texts) {
    for (const match of text.matchAll(/\{\{\s*([\w.-]+)\s*\}\}/g)) {
      const name = match[1] as string;
      if (!found.includes(name)) found.push(name);
    }
  }
  return found;
}

/** Values the support service fills in from the ticket itself (flows/ticket-reply.ts ticketValues): staff are not asked for them. */
export const FILLED_FROM_TICKET: readonly string[] = ['customerName', 'customerEmail', 'ticketId', 'ticketReference', 'ticketSubject', 'replyAddress'];

/** Saved filter sets (beyond the spec): named, in this browser's localStorage. */
export interface SavedFilterSet {
  name: string;
  /** The inbox URL's query string. */
  query: string;
}
export const SAVED_FILTERS_KEY = 'inkwell.support-tickets.saved-filters';

export function readSavedFilters(storage: Pick<Storage, 'getItem'> | undefined): SavedFilterSet[] {
  try {
    const parsed: unknown = JSON.parse(storage?.getItem(SAVED_FILTERS_KEY) ?? '[]');
    if (!Array.isArray(parsed)) return [];
    return parsed.filter((entry): entry is SavedFilterSet => typeof entry?.name === 'string' && typeof entry?.query === 'string');
  } catch {
    return [];
  }
}

/** The list with `entry` in (replacing one of the same name), sorted by name. */
export function withSavedFilter(list: readonly SavedFilterSet[], entry: SavedFilterSet): SavedFilterSet[] {
  return [...list.filter((item) => item.name !== entry.name), entry].sort((a, b) => a.name.localeCompare(b.name));
}
