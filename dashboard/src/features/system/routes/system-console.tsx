import { useQueries } from '@tanstack/react-query';
import { useSearchParams } from 'react-router-dom';
import { Tab, TabList, TabPanel, Tabs, type Key } from 'react-aria-components';
import { SYSTEM_SERVICES, type DeadLetter, type SystemService } from '@inkwell/contracts/dashboard-system';
import { ConfirmDialog, useConfirm } from '@/components/dialog/confirm-dialog';
import { toast } from '@/components/feedback/toast';
import { PageHeader } from '@/components/layout/page-header';
import tabStyles from '@/components/tabs.module.css';
import { formatDateTime } from '@/lib/format';
import { REFRESH_MS, statusQueryOptions, useRedrive } from '../api/system';
import { ServiceCard } from '../components/service-card';
import { ServicePanel } from '../components/service-panel';
import { SERVICE_LABELS } from '../system-health';
import styles from '../components/system.module.css';

const isService = (value: string | null): value is SystemService => SYSTEM_SERVICES.some((service) => service === value);

/** The dead letter being re-driven, and the service that holds it. */
interface Redrive {
  service: SystemService;
  deadLetter: DeadLetter;
}

/**
 * The operations console: every service's health at a glance, then one service's details (the
 * `service` search parameter, so a link or a reload opens the same one). Every service is asked on
 * its own, so one that is down shows as unreachable and the others carry on.
 */
export default function SystemConsoleRoute() {
  const [params, setParams] = useSearchParams();
  const requested = params.get('service');
  const selected: SystemService = isService(requested) ? requested : SYSTEM_SERVICES[0];
  const confirm = useConfirm<Redrive>();
  const live = !confirm.isOpen;
  const statuses = useQueries({ queries: SYSTEM_SERVICES.map((service) => statusQueryOptions(service, live)) });

  const select = (key: Key) => setParams({ service: String(key) }, { replace: true, preventScrollReset: true });

  return (
    <>
      <PageHeader
        title="System"
        summary={`The health of every service, their events and their last errors. Refreshes every ${REFRESH_MS / 1000} seconds${live ? '' : ' (paused while a dialog is open)'}.`}
      />

      <section aria-labelledby="services-title" className={styles.summary}>
        <h2 id="services-title" className="visually-hidden">
          Services
        </h2>
        <ul className={styles.cards}>
          {SYSTEM_SERVICES.map((service, index) => (
            <ServiceCard key={service} service={service} status={statuses[index]!} selected={service === selected} />
          ))}
        </ul>
      </section>

      <Tabs selectedKey={selected} onSelectionChange={select} className={tabStyles.tabs}>
        <TabList aria-label="Service" className={tabStyles.list}>
          {SYSTEM_SERVICES.map((service) => (
            <Tab key={service} id={service} className={tabStyles.tab}>
              {SERVICE_LABELS[service]}
            </Tab>
          ))}
        </TabList>
        {SYSTEM_SERVICES.map((service) => (
          <TabPanel key={service} id={service} className={tabStyles.panel}>
            <ServicePanel service={service} live={live} onRedrive={(deadLetter) => confirm.ask({ service, deadLetter })} />
          </TabPanel>
        ))}
      </Tabs>

      {confirm.item && <RedriveDialog redrive={confirm.item} onOpenChange={confirm.onOpenChange} />}
    </>
  );
}

/** Asks before running a dead letter's event again, naming it; says how it went. */
function RedriveDialog({ redrive, onOpenChange }: { redrive: Redrive; onOpenChange: (open: boolean) => void }) {
  const { service, deadLetter } = redrive;
  const run = useRedrive(service);
  return (
    <ConfirmDialog
      isOpen
      onOpenChange={onOpenChange}
      title={`Re-drive ${deadLetter.eventType}?`}
      confirmLabel="Re-drive event"
      onConfirm={async () => {
        const result = await run.mutateAsync(deadLetter.id);
        if (result.outcome === 'handled') {
          toast.success(`${deadLetter.eventType} re-driven`, { description: `The ${deadLetter.group} group handled it; the dead letter is gone.` });
        } else {
          toast.error(`${deadLetter.eventType} failed again`, {
            description: result.deadLetter?.error ?? 'The group could not handle it; it stays among the dead letters.',
          });
        }
      }}
    >
      <p>
        The <strong>{deadLetter.group}</strong> group handles this event again now, once. If it goes through, the dead letter is removed; if it fails again, it
        stays here with the new error.
      </p>
      <dl className={styles.dialogFacts}>
        <div>
          <dt>Event</dt>
          <dd>{deadLetter.eventType}</dd>
        </div>
        <div>
          <dt>Event id</dt>
          <dd className={styles.code}>{deadLetter.eventId}</dd>
        </div>
        <div>
          <dt>Key</dt>
          <dd className={styles.code}>{deadLetter.key}</dd>
        </div>
        <div>
          <dt>Occurred</dt>
          <dd>{formatDateTime(deadLetter.occurredAt)}</dd>
        </div>
        <div>
          <dt>Last error</dt>
          <dd className={styles.errorText}>{deadLetter.error}</dd>
        </div>
      </dl>
    </ConfirmDialog>
  );
}
