/** Campaign instants as staff read them: in their own time zone, with the UTC value the server keeps beside it. */
import { formatDateTime } from '@/lib/format';

const utc = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' });

/** "12 Mar 2025, 14:05 UTC". */
export function formatUtc(value: string | null | undefined): string {
  if (!value) return '—';
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? '—' : `${utc.format(date)} UTC`;
}

/** The staff member's zone name, e.g. "Europe/Paris". */
export function localZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

/** "12 Mar 2025, 15:05" local and "12 Mar 2025, 14:05 UTC" under it. */
export function ZonedInstant({ value }: { value: string | null | undefined }) {
  if (!value) return <span>—</span>;
  return (
    <span>
      <time dateTime={value}>{formatDateTime(value)}</time>
      <br />
      <small>{formatUtc(value)}</small>
    </span>
  );
}
