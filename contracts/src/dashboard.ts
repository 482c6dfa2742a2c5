/**
 * Shapes every dashboard area shares (dashboard spec §3): the paginated result of list calls and
 * the audit trail staff see on an item's page (beyond the spec).
 */
import { Type, type Static, type TSchema } from '@sinclair/typebox';
import { Nullable } from './nullable';

/** Dashboard spec §3 "Paginated result". Page numbers count from 1. */
export const PaginatedOf = <T extends TSchema>(item: T) =>
  Type.Object({
    items: Type.Array(item),
    thisPageNumber: Type.Integer({ minimum: 1 }),
    thisPageSize: Type.Integer({ minimum: 0 }),
    totalPageNumber: Type.Integer({ minimum: 0 }),
    filteredTotalRows: Type.Integer({ minimum: 0 }),
    unfilteredTotalRows: Type.Integer({ minimum: 0 }),
  });
export interface Paginated<T> {
  items: T[];
  thisPageNumber: number;
  thisPageSize: number;
  totalPageNumber: number;
  filteredTotalRows: number;
  unfilteredTotalRows: number;
}

/** What kind of item an audit entry is about. */
export const AUDITED_ENTITIES = ['product', 'series', 'bundle', 'publisher', 'lookup', 'search', 'cache', 'sales-campaign', 'wheel-group', 'curated-list', 'html-component', 'homepage', 'plan'] as const;
export type AuditedEntity = (typeof AUDITED_ENTITIES)[number];

/** One staff change: who, what and when. `changes` names the fields changed (old → new where short). */
export const AuditEntrySchema = Type.Object({
  id: Type.Integer({ minimum: 1 }),
  entity: Type.String(),
  entityId: Nullable(Type.Integer()),
  /** 'created', 'altered', 'published', 'scheduled', 'unpublished', 'removed', 'restored', 'ingested', … */
  action: Type.String(),
  actorId: Type.String(),
  actorEmail: Nullable(Type.String()),
  /** Field name → { from, to }; values are shortened when long. */
  changes: Type.Record(Type.String(), Type.Object({ from: Type.Unknown(), to: Type.Unknown() })),
  at: Type.String({ format: 'date-time' }),
});
export type AuditEntry = Static<typeof AuditEntrySchema>;
