import { useState, type FormEvent } from 'react';
import type { UseQueryResult } from '@tanstack/react-query';
import { IDENTITY_TYPES, type IdentityType } from '@inkwell/contracts/support-rules';
import { Button } from '@inkwell/ui-kit/button';
import { SimpleTable } from '@/components/data-table/simple-table';
import { ConfirmDialog, useConfirm } from '@/components/dialog/confirm-dialog';
import { FormDialog } from '@/components/dialog/form-dialog';
import { ProgressBar } from '@/components/feedback/progress-bar';
import { Badge } from '@/components/feedback/status-badge';
import { toast } from '@/components/feedback/toast';
import { TextField } from '@/components/form';
import { SelectField } from '@/components/form/select-field';
import { PageHeader } from '@/components/layout/page-header';
import { formatCount } from '@/lib/format';
import { refusalMessages } from '@/lib/refusal';
import { useDeleteIdentity, useIdentities, useReputation, useSendQuota, useSendStatistics, useVerifyIdentity, type EmailIdentity } from '../api/email';
import { ChartFigure } from '../components/chart-figure';
import { byDay } from '../email-figures';
import { QueryState } from '../components/query-state';
import { RateMeter } from '../components/rate-meter';
import { IdentityStatusChip } from '../components/status-chips';
import styles from '../components/email.module.css';

const DRIVER_LABELS: Record<string, string> = { stored: 'Embedded (stored)', smtp: 'SMTP', ses: 'Amazon SES' };
const driverLabel = (driver: string) => DRIVER_LABELS[driver] ?? driver;

function QuotaCard() {
  const quota = useSendQuota();
  return (
    <section className={styles.card} aria-labelledby="quota-title">
      <h2 id="quota-title" className={styles.cardTitle}>
        Send quota
      </h2>
      <QueryState query={quota} what="the send quota">
        {(data) => (
          <>
            <ProgressBar
              label="Sent in the last 24 hours"
              value={data.sentLast24Hours}
              maxValue={Math.max(data.max24HourSend, 1)}
              valueLabel={`${formatCount(data.sentLast24Hours)} of ${formatCount(data.max24HourSend)}`}
            />
            <dl className={styles.facts}>
              <dt>Driver</dt>
              <dd>{driverLabel(data.driver)}</dd>
              <dt>Max send rate</dt>
              <dd>{data.maxSendRate > 0 ? `${formatCount(data.maxSendRate)} per second` : 'No limit reported'}</dd>
              <dt>Sending</dt>
              <dd>{data.sendingEnabled ? <Badge tone="success">Enabled</Badge> : <Badge tone="danger">Paused</Badge>}</dd>
              <dt>Enforcement status</dt>
              <dd>{data.enforcementStatus}</dd>
            </dl>
          </>
        )}
      </QueryState>
    </section>
  );
}

function ReputationCard() {
  const reputation = useReputation();
  return (
    <section className={styles.card} aria-labelledby="reputation-title">
      <h2 id="reputation-title" className={styles.cardTitle}>
        Reputation
      </h2>
      <QueryState query={reputation} what="the reputation">
        {(data) => (
          <>
            <RateMeter label="Bounce rate" {...data.bounceRateMetrics} />
            <RateMeter label="Complaint rate" {...data.complaintRateMetrics} />
            <p className={styles.muted}>
              Over the last {data.windowDays} days. {formatCount(data.suppressedAddresses)} suppressed {data.suppressedAddresses === 1 ? 'address' : 'addresses'} (bounced or complained) are not sent to.
            </p>
          </>
        )}
      </QueryState>
    </section>
  );
}

const dayLabel = (date: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(undefined, { month: 'short', day: 'numeric', timeZone: 'UTC' });

function StatisticsChart() {
  const statistics = useSendStatistics();
  return (
    <QueryState query={statistics} what="the sending statistics">
      {(data) => {
        const days = byDay(data.points);
        const total = days.reduce((sum, day) => sum + day.deliveryAttempts, 0);
        return (
          <ChartFigure
            title="Sending statistics, last 14 days"
            summary={`${formatCount(total)} delivery attempts, ${formatCount(days.reduce((sum, day) => sum + day.bounces, 0))} bounces, ${formatCount(days.reduce((sum, day) => sum + day.complaints, 0))} complaints, ${formatCount(days.reduce((sum, day) => sum + day.rejects, 0))} rejects.`}
            rows={days}
            xKey="date"
            formatX={dayLabel}
            series={[
              { key: 'deliveryAttempts', label: 'Delivery attempts', color: '#2e63e6' },
              { key: 'bounces', label: 'Bounces', color: '#c2410c' },
              { key: 'complaints', label: 'Complaints', color: '#b3261e' },
              { key: 'rejects', label: 'Rejects', color: '#6b3fa0' },
            ]}
          />
        );
      }}
    </QueryState>
  );
}

const TYPE_LABELS: Record<IdentityType, string> = { EmailAddress: 'Email address', Domain: 'Domain' };

function Identities() {
  const [type, setType] = useState<IdentityType | null>(null);
  /** The tokens of the pages before this one, and this page's. */
  const [tokens, setTokens] = useState<(string | null)[]>([null]);
  const token = tokens[tokens.length - 1] ?? null;
  const identities = useIdentities(type, token);
  const verify = useVerifyIdentity();
  const remove = useDeleteIdentity();
  const confirm = useConfirm<EmailIdentity>();
  const [verifying, setVerifying] = useState(false);
  const [address, setAddress] = useState('');
  const [addressError, setAddressError] = useState<string | undefined>();

  const submitVerify = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const id = address.trim();
    if (!/^[^\s@/]+@[^\s@/]+\.[^\s@/]+$/.test(id)) return setAddressError('Please enter a valid email.');
    setAddressError(undefined);
    try {
      await verify.mutateAsync(id);
      toast.success('Verification email sent.', { description: `Follow the link sent to ${id} to verify it.` });
      setVerifying(false);
      setAddress('');
    } catch (error) {
      setAddressError(refusalMessages(error).join(' '));
    }
  };

  // The table reads the call's state (loading, failed) and is given this page's identities as its rows.
  const rowsQuery = identities as unknown as UseQueryResult<EmailIdentity[]>;

  return (
    <section className={styles.section} aria-labelledby="identities-title">
      <div className={styles.chartHead}>
        <h2 id="identities-title" className={styles.sectionTitle}>
          Verified identities
        </h2>
        <div className={styles.actions}>
          <SelectField<string>
            label="Type"
            options={[{ id: 'any', label: 'Any type' }, ...IDENTITY_TYPES.map((item) => ({ id: item, label: TYPE_LABELS[item] }))]}
            value={type ?? 'any'}
            onChange={(value) => {
              setType(value === 'any' || value === null ? null : (value as IdentityType));
              setTokens([null]);
            }}
          />
          <Button onClick={() => setVerifying(true)}>Verify an address</Button>
        </div>
      </div>
      <SimpleTable<EmailIdentity>
        caption="Verified identities"
        query={rowsQuery}
        rows={identities.data?.identities ?? []}
        getRowId={(identity) => identity.id}
        empty={{ title: 'No identities', text: 'Addresses and domains the store sends from appear here once verified.' }}
        columns={[
          { id: 'id', header: 'Identity', isPrimary: true, cell: (identity) => <span className={styles.breakable}>{identity.id}</span> },
          { id: 'type', header: 'Type', cell: (identity) => TYPE_LABELS[identity.identityType] ?? identity.identityType },
          { id: 'status', header: 'Status', cell: (identity) => <IdentityStatusChip status={identity.verificationStatus} /> },
          { id: 'sending', header: 'Sending', cell: (identity) => (identity.sendingEnabled ? 'Enabled' : 'Disabled') },
          {
            id: 'actions',
            header: 'Actions',
            cell: (identity) => (
              <Button variant="secondary" size="sm" onClick={() => confirm.ask(identity)} aria-label={`Delete ${identity.id}`}>
                Delete…
              </Button>
            ),
          },
        ]}
      />
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" disabled={tokens.length <= 1} onClick={() => setTokens((current) => current.slice(0, -1))}>
          Previous
        </Button>
        <Button variant="secondary" size="sm" disabled={!identities.data?.nextToken} onClick={() => setTokens((current) => [...current, identities.data?.nextToken ?? null])}>
          Next
        </Button>
      </div>

      <FormDialog isOpen={verifying} onOpenChange={setVerifying} title="Verify an address" onSubmit={(event) => void submitVerify(event)} submitLabel="Send verification email" isSubmitting={verify.isPending}>
        <p className={styles.muted}>The provider sends a link to the address; the address can be sent from once it is followed.</p>
        <TextField label="Email address" type="email" value={address} onChange={setAddress} isRequired autoFocus error={addressError} />
      </FormDialog>
      <ConfirmDialog
        isOpen={confirm.isOpen}
        onOpenChange={confirm.onOpenChange}
        title={`Delete ${confirm.item?.id ?? 'this identity'}?`}
        confirmLabel="Delete identity"
        isDestructive
        onConfirm={async () => {
          if (!confirm.item) return;
          await remove.mutateAsync(confirm.item.id);
          toast.success('Identity deleted.');
        }}
      >
        <p>Mail can no longer be sent from {confirm.item?.id} until it is verified again.</p>
      </ConfirmDialog>
    </section>
  );
}

/** Email provider: the driver, its send quota, the bounce and complaint rates against the thresholds, statistics and identities. */
export default function EmailProviderRoute() {
  return (
    <>
      <PageHeader title="Email provider" summary="How sending is going: the quota, the bounce and complaint rates the provider watches, 14 days of statistics and the verified sending identities." />
      <div className={styles.cards}>
        <QuotaCard />
        <ReputationCard />
      </div>
      <div className={styles.section}>
        <StatisticsChart />
      </div>
      <Identities />
    </>
  );
}
