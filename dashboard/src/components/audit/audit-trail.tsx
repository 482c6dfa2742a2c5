/**
 * An item's audit trail (beyond the spec): who changed what and when, newest first, from
 * `GET /api/dashboard/{entity}/{id}/audit`. Shown on the item's page beside its editor.
 */
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { AuditEntry } from '@inkwell/contracts/dashboard';
import { Button } from '@inkwell/ui-kit/button';
import { formatDateTime, formatRelative } from '@/lib/format';
import { errorMessage, staffApi } from '@/lib/staff-api';
import styles from './audit-trail.module.css';
import { auditFieldLabel, auditValue } from './audit-values';

/** The staff namespace each audited item lives under (bundles are plural in the API, spec §7). */
export type AuditedPath = 'product' | 'series' | 'bundles' | 'publisher' | 'carousels' | 'html-components' | 'sales' | 'home/entry';

export const auditQueryKey = (entity: AuditedPath, id: number | string) => ['audit', entity, String(id)] as const;

export function getAuditTrailQueryOptions(entity: AuditedPath, id: number | string) {
  return queryOptions({
    queryKey: auditQueryKey(entity, id),
    queryFn: ({ signal }) => staffApi.get<AuditEntry[]>(`/dashboard/${entity}/${encodeURIComponent(String(id))}/audit`, { signal }),
    staleTime: 0,
  });
}

const ACTION_LABELS: Record<string, string> = {
  created: 'Created',
  altered: 'Edited',
  published: 'Published',
  scheduled: 'Scheduled',
  unpublished: 'Unpublished',
  removed: 'Removed',
  restored: 'Restored',
  ingested: 'Comic ingested',
  hidden: 'Hidden',
  shown: 'Shown',
  noted: 'Note added',
};

function actionLabel(action: string): string {
  // Unlisted actions read as words: `roles-set` → "Roles set".
  const words = action.replace(/[-_]/g, ' ');
  return ACTION_LABELS[action] ?? words.charAt(0).toUpperCase() + words.slice(1);
}

/** Field names and values as people read them (issue 26: not 'age restrictable' and storage paths). */
const fieldLabel = auditFieldLabel;
const showValue = auditValue;

interface AuditTrailProps {
  entity: AuditedPath;
  id: number | string;
  /** Heading level inside the page. */
  headingLevel?: 'h2' | 'h3';
  /** Replaces the panel's own frame, e.g. with an editor's card. */
  className?: string;
}

export function AuditTrail({ entity, id, headingLevel: Heading = 'h2', className = styles.panel }: AuditTrailProps) {
  const trail = useQuery(getAuditTrailQueryOptions(entity, id));
  return (
    <section className={className} aria-labelledby={`audit-${entity}-${id}`}>
      <Heading id={`audit-${entity}-${id}`} className={styles.title}>
        History
      </Heading>
      {trail.isPending ? (
        <p className={styles.muted} role="status">
          Loading the history…
        </p>
      ) : trail.isError ? (
        <div className={styles.error} role="alert">
          <p>{errorMessage(trail.error)}</p>
          <Button size="sm" variant="secondary" onClick={() => void trail.refetch()}>
            Try again
          </Button>
        </div>
      ) : trail.data.length === 0 ? (
        <p className={styles.muted}>No changes recorded yet.</p>
      ) : (
        <AuditEntries entries={trail.data} />
      )}
    </section>
  );
}

/** Audit entries as a timeline, newest first: for a screen that has the entries already (a user's detail carries its activity). */
export function AuditEntries({ entries }: { entries: readonly AuditEntry[] }) {
  return (
    <ol className={styles.timeline}>
      {entries.map((entry) => {
        const fields = Object.entries(entry.changes);
        return (
          <li key={entry.id} className={styles.entry}>
            <span className={styles.marker} aria-hidden="true" />
            <p className={styles.what}>
              <strong>{actionLabel(entry.action)}</strong> by {entry.actorEmail ?? entry.actorId}
            </p>
            <p className={styles.when}>
              <time dateTime={entry.at} title={formatDateTime(entry.at)}>
                {formatRelative(entry.at)}
              </time>
            </p>
            {fields.length > 0 && (
              <details className={styles.changes}>
                <summary>
                  {fields.length === 1 ? '1 field' : `${fields.length} fields`}: {fields.map(([field]) => fieldLabel(field)).join(', ')}
                </summary>
                <dl>
                  {fields.map(([field, change]) => (
                    <div key={field} className={styles.change}>
                      <dt>{fieldLabel(field)}</dt>
                      <dd>
                        <span className={styles.from}>{showValue(change.from, field)}</span> → <span>{showValue(change.to, field)}</span>
                      </dd>
                    </div>
                  ))}
                </dl>
              </details>
            )}
          </li>
        );
      })}
    </ol>
  );
}
