import type { ReactNode } from 'react';
import { publishStatusLabel } from '@inkwell/contracts/labels';
import { toast } from '@/components/feedback/toast';
import { refusalMessages } from '@/lib/refusal';
import styles from './list.module.css';

/** The first cell of a catalogue list's row: the cover (when there is one), the name and a muted note. */
/** A draft saved without a name, as a list shows it: 'Untitled', muted (issue 26: it was a blank row). */
export function UntitledName() {
  return <span className={styles.muted}>Untitled</span>;
}

export function NameCell({ thumbnail, name, note }: { thumbnail: { url: string } | null | undefined; name: ReactNode; note?: string | false }) {
  return (
    <span className={styles.nameCell}>
      {thumbnail && <img src={thumbnail.url} alt="" width={32} height={48} className={styles.thumb} loading="lazy" />}
      <span>
        {name}
        {note && <span className={styles.muted}> · {note}</span>}
      </span>
    </span>
  );
}

/**
 * Runs a status change from a list row's menu and says how it went: the new status, or the refusal's
 * problems one a line. Rethrows, so a confirming dialog stays open on a refusal.
 */
export async function changeFromList(name: string, change: () => Promise<{ status: string }>): Promise<void> {
  try {
    const result = await change();
    toast.success(`${name}: ${publishStatusLabel(result.status)}.`);
  } catch (error) {
    toast.error(`${name} was not changed`, { description: refusalMessages(error).join('\n'), duration: 15_000 });
    throw error;
  }
}
