import type { ReactNode } from 'react';
import { useQuery, type UseQueryResult } from '@tanstack/react-query';
import { Button } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';
import type { DeadLetter, SystemService, SystemStatus } from '@inkwell/contracts/dashboard-system';
import { Badge } from '@/components/feedback/status-badge';
import { cx, formatCount, formatDateTime, formatRelative } from '@/lib/format';
import { errorMessage } from '@/lib/staff-api';
import { deadLettersQueryOptions, statusQueryOptions } from '../api/system';
import { formatDuration, formatLatency, SERVICE_LABELS, serviceHealth } from '../system-health';
import { CheckoutSweep } from './checkout-sweep';
import { Listing } from './listing';
import styles from './system.module.css';

interface ServicePanelProps {
  service: SystemService;
  /** False while a dialog is open: the figures hold still under it. */
  live: boolean;
  onRedrive: (deadLetter: DeadLetter) => void;
}

/** A small framed block of the panel (health checks, drivers, outbox). */
function Block({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className={styles.block}>
      <h3 className={styles.blockTitle}>{title}</h3>
      {children}
    </section>
  );
}

/** A section of the panel with a table. */
function Section({ id, title, meta, children }: { id: string; title: string; meta?: ReactNode; children: ReactNode }) {
  return (
    <section className={styles.section} aria-labelledby={id}>
      <div className={styles.sectionHead}>
        <h3 id={id} className={styles.sectionTitle}>
          {title}
        </h3>
        {meta}
      </div>
      {children}
    </section>
  );
}

function Overview({ status }: { status: SystemStatus }) {
  return (
    <div className={styles.blocks}>
      <Block title="Health checks">
        <ul className={styles.checks}>
          {status.checks.map((check) => (
            <li key={check.name} className={styles.check}>
              <span className={styles.checkName}>{check.name}</span>
              <Badge tone={check.ok ? 'success' : 'danger'}>{check.ok ? 'OK' : 'Failing'}</Badge>
              <span className={styles.checkLatency}>{formatLatency(check.latencyMs)}</span>
              {check.error && <span className={styles.checkError}>{check.error}</span>}
            </li>
          ))}
          {status.checks.length === 0 && <li className={styles.cardMuted}>No checks reported.</li>}
        </ul>
      </Block>
      <Block title="Drivers">
        <dl className={styles.facts}>
          {Object.entries(status.drivers).map(([port, driver]) => (
            <div key={port}>
              <dt>{port}</dt>
              <dd>{driver}</dd>
            </div>
          ))}
        </dl>
      </Block>
      <Block title="Outbox">
        <dl className={styles.facts}>
          <div>
            <dt>Waiting to publish</dt>
            <dd>{formatCount(status.outbox.backlog)}</dd>
          </div>
          <div>
            <dt>Oldest waiting</dt>
            <dd>{status.outbox.oldestAgeSeconds === null ? 'None' : formatDuration(status.outbox.oldestAgeSeconds)}</dd>
          </div>
        </dl>
      </Block>
    </div>
  );
}

/** Most event types a consumer group lists before they fold away behind a count. */
const TYPES_SHOWN = 4;

/** A group's event types: a few in full; a long list (analytics takes every type) folded behind its count. */
function EventTypes({ types }: { types: string[] }) {
  if (types.length <= TYPES_SHOWN) return <span className={styles.subtle}>{types.join(', ')}</span>;
  return (
    <details className={cx(styles.subtle, styles.types)}>
      <summary>{`${types.length} event types`}</summary>
      <p>{types.join(', ')}</p>
    </details>
  );
}

/** The status call failed: this service's part says why and offers to ask again; the rest of the page carries on. */
function Unreachable({ service, query }: { service: SystemService; query: UseQueryResult<SystemStatus> }) {
  return (
    <EmptyState
      tone="error"
      icon={<AlertIcon size={20} />}
      title={`The ${SERVICE_LABELS[service].toLowerCase()} service did not answer`}
      headingLevel="h3"
      actions={
        <Button size="sm" onClick={() => void query.refetch()} disabled={query.isFetching}>
          {query.isFetching ? 'Trying again…' : 'Try again'}
        </Button>
      }
    >
      <p>{errorMessage(query.error)}</p>
    </EmptyState>
  );
}

/** Everything one service says about itself, section by section. */
export function ServicePanel({ service, live, onRedrive }: ServicePanelProps) {
  const status = useQuery(statusQueryOptions(service, live));
  const consumers = useQuery({ ...statusQueryOptions(service, live), select: (data) => data.consumers });
  const lastErrors = useQuery({ ...statusQueryOptions(service, live), select: (data) => data.lastErrors });
  const lastActions = useQuery({ ...statusQueryOptions(service, live), select: (data) => data.lastActions });
  const deadLetters = useQuery(deadLettersQueryOptions(service, live));
  const deadLetterRows = useQuery({ ...deadLettersQueryOptions(service, live), select: (data) => data.items });
  const health = serviceHealth(status.data, status.isError ? status.error : null);
  const label = SERVICE_LABELS[service];
  const id = (part: string) => `${service}-${part}`;

  return (
    <div className={styles.panel}>
      <div className={styles.panelHead}>
        <h2 className={styles.panelTitle}>{`${label} service`}</h2>
        <Badge tone={health.tone}>{health.label}</Badge>
        {status.data && (
          <span className={styles.panelMeta}>
            Up {formatDuration(status.data.uptimeSeconds)}, since {formatDateTime(status.data.startedAt)} · version{' '}
            <span className={styles.code}>{status.data.version}</span>
          </span>
        )}
        {status.dataUpdatedAt > 0 && (
          <span className={styles.panelUpdated}>
            Updated {formatRelative(status.dataUpdatedAt)}
            {status.isError && status.data ? ' (the last read failed)' : ''}
          </span>
        )}
      </div>

      {status.isError && !status.data && <Unreachable service={service} query={status} />}
      {status.isPending && <p className={styles.cardMuted} role="status">Asking the {label.toLowerCase()} service…</p>}
      {status.data && <Overview status={status.data} />}

      <Section
        id={id('dead-letters')}
        title="Dead letters"
        meta={deadLetters.data && <Badge tone={deadLetters.data.total > 0 ? 'warning' : 'success'}>{deadLetters.data.total === 0 ? 'None set aside' : `${formatCount(deadLetters.data.total)} set aside`}</Badge>}
      >
        <p className={styles.note}>
          Events a consumer group gave up on after its retries. Re-drive one once its cause is fixed: the group handles it again right away.
        </p>
        <Listing
          caption={`Dead letters of the ${label.toLowerCase()} service`}
          query={deadLetterRows}
          getRowId={(row) => String(row.id)}
          quiet="No dead letters: every event this service consumed went through."
          columns={[
            {
              id: 'event',
              header: 'Event',
              isPrimary: true,
              cell: (row) => (
                <span className={styles.stack}>
                  <span>{row.eventType}</span>
                  <span className={styles.subtle}>{row.group}</span>
                </span>
              ),
            },
            { id: 'key', header: 'Key', cell: (row) => <span className={styles.code}>{row.key}</span> },
            { id: 'error', header: 'Error', cell: (row) => <span className={styles.errorText}>{row.error}</span> },
            { id: 'attempts', header: 'Attempts', align: 'end', cell: (row) => formatCount(row.attempts) },
            { id: 'first', header: 'First failed', cell: (row) => formatDateTime(row.firstFailedAt) },
            { id: 'last', header: 'Last failed', cell: (row) => formatDateTime(row.lastFailedAt) },
            {
              id: 'redrive',
              header: 'Action',
              align: 'end',
              cell: (row) => (
                <Button size="sm" variant="secondary" onClick={() => onRedrive(row)}>
                  Re-drive<span className="visually-hidden">{` ${row.eventType} ${row.eventId}`}</span>
                </Button>
              ),
            },
          ]}
        />
        {deadLetters.data && deadLetters.data.total > deadLetters.data.items.length && (
          <p className={styles.note}>{`The ${formatCount(deadLetters.data.items.length)} oldest of ${formatCount(deadLetters.data.total)} are listed; re-drive these to see the next.`}</p>
        )}
      </Section>

      {status.data && (
        <Section id={id('consumers')} title="Consumer groups">
          <Listing
            caption={`Consumer groups of the ${label.toLowerCase()} service`}
            query={consumers}
            getRowId={(row) => row.group}
            quiet="This service consumes no events."
            columns={[
              {
                id: 'group',
                header: 'Group',
                isPrimary: true,
                cell: (row) => (
                  <div className={styles.stack}>
                    <span className={styles.code}>{row.group}</span>
                    <EventTypes types={row.types} />
                  </div>
                ),
              },
              { id: 'lag', header: 'Lag', align: 'end', cell: (row) => (row.lag === null ? 'Unknown' : formatCount(row.lag)) },
              { id: 'retries', header: 'Retries', align: 'end', cell: (row) => formatCount(row.retries) },
              {
                id: 'dead',
                header: 'Dead letters',
                align: 'end',
                cell: (row) => <span className={row.deadLetters > 0 ? styles.figureAlarm : undefined}>{formatCount(row.deadLetters)}</span>,
              },
            ]}
          />
        </Section>
      )}

      {service === 'order' && <CheckoutSweep live={live} />}

      {status.data && (
        <>
          <Section id={id('errors')} title="Last errors">
            <Listing
              caption={`Last errors of the ${label.toLowerCase()} service`}
              query={lastErrors}
              getRowId={(row) => `${row.at}-${row.requestId ?? ''}-${row.message}`}
              quiet="No errors since the service started."
              columns={[
                { id: 'at', header: 'When', isPrimary: true, cell: (row) => formatDateTime(row.at) },
                {
                  id: 'where',
                  header: 'Where',
                  cell: (row) => (
                    <span className={styles.stack}>
                      <span>{row.source}</span>
                      {row.where && <span className={styles.code}>{row.where}</span>}
                    </span>
                  ),
                },
                { id: 'status', header: 'Status', align: 'end', cell: (row) => row.status ?? '—' },
                { id: 'message', header: 'Message', cell: (row) => <span className={styles.errorText}>{row.message}</span> },
                {
                  id: 'ids',
                  header: 'Request / trace',
                  cell: (row) => (
                    <span className={styles.stack}>
                      <span className={styles.code}>{row.requestId ?? '—'}</span>
                      {row.traceId && <span className={styles.code}>{row.traceId}</span>}
                    </span>
                  ),
                },
              ]}
            />
          </Section>

          <Section id={id('actions')} title="Last staff actions">
            <Listing
              caption={`Last staff actions on the ${label.toLowerCase()} service`}
              query={lastActions}
              getRowId={(row) => `${row.at}-${row.action}-${row.target}`}
              quiet="No staff actions yet. Re-drives made here are recorded with who made them."
              columns={[
                { id: 'at', header: 'When', isPrimary: true, cell: (row) => formatDateTime(row.at) },
                { id: 'who', header: 'Who', cell: (row) => row.actorEmail ?? row.actorId },
                { id: 'action', header: 'Action', cell: (row) => row.action },
                { id: 'target', header: 'Target', cell: (row) => <span className={styles.code}>{row.target}</span> },
              ]}
            />
          </Section>
        </>
      )}
    </div>
  );
}
