import { useEffect, useId, useState, type FormEvent } from 'react';
import { NEWSLETTER_STATUS_LABELS, type NewsletterListStatus } from '@inkwell/contracts/newsletter';
import { Button } from '@inkwell/ui-kit/button';
import { FormAlert } from '@/components/ui/form-alert';
import { Skeleton } from '@/components/ui/skeleton';
import { SubmitButton } from '@/components/ui/submit-button';
import { useNewsletterLists, useSaveNewsletters } from '../api/newsletter';
import styles from './newsletter.module.css';

const isOn = (list: NewsletterListStatus) => list.status === 'subscribed' || list.status === 'unconfirmed';

/** The account page's newsletter section: a checkbox per list with its status, saved together. */
export function NewsletterPreferences({ email }: { email: string }) {
  const query = useNewsletterLists();
  const save = useSaveNewsletters(email);
  const [chosen, setChosen] = useState<Set<string> | null>(null);
  const headingId = useId();
  const lists = query.data?.lists ?? [];

  useEffect(() => {
    if (query.data && !query.isFetching) setChosen(new Set(query.data.lists.filter(isOn).map((list) => list.id)));
  }, [query.data, query.isFetching]);

  if (query.isPending || (!chosen && !query.data?.failed)) {
    return (
      <div role="status">
        <span className="visually-hidden">Loading your newsletters…</span>
        <Skeleton className={styles.loading} />
      </div>
    );
  }
  if (query.data?.failed) {
    return (
      <FormAlert tone="error">
        We couldn't load your newsletters just now.{' '}
        <Button variant="secondary" size="sm" onClick={() => void query.refetch()}>
          Try again
        </Button>
      </FormAlert>
    );
  }
  if (lists.length === 0) return <p>There are no newsletters to sign up for at the moment.</p>;

  const picked = chosen ?? new Set<string>();
  const join = lists.filter((list) => picked.has(list.id) && !isOn(list)).map((list) => list.id);
  const leave = lists.filter((list) => !picked.has(list.id) && isOn(list)).map((list) => list.id);
  const names = (ids: string[]) => ids.map((id) => lists.find((list) => list.id === id)?.name ?? id).join(', ');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (save.isPending || (join.length === 0 && leave.length === 0)) return;
    save.mutate({ join, leave });
  };

  return (
    <form onSubmit={submit} aria-labelledby={headingId} noValidate>
      <p id={headingId} className="visually-hidden">
        Newsletters for {email}
      </p>
      <ul className={styles.lists}>
        {lists.map((list) => {
          const id = `newsletter-${list.id}`;
          return (
            <li key={list.id} className={styles.item}>
              <input
                id={id}
                type="checkbox"
                className={styles.checkbox}
                checked={picked.has(list.id)}
                aria-describedby={`${id}-about`}
                onChange={(event) => {
                  const next = new Set(picked);
                  if (event.target.checked) next.add(list.id);
                  else next.delete(list.id);
                  setChosen(next);
                  if (!save.isIdle) save.reset();
                }}
              />
              <span className={styles.text}>
                <span className={styles.nameRow}>
                  <label htmlFor={id} className={styles.name}>
                    {list.name}
                  </label>
                  {isOn(list) && <span className={`${styles.status} ${styles[list.status]}`}>{NEWSLETTER_STATUS_LABELS[list.status]}</span>}
                </span>
                <span id={`${id}-about`} className={styles.description}>
                  {list.description}
                </span>
              </span>
            </li>
          );
        })}
      </ul>
      {save.isError && <FormAlert tone="error">{save.error.message}</FormAlert>}
      {save.isSuccess && (
        <FormAlert tone="success">
          {save.data.awaiting.length > 0
            ? `Almost done: we sent a confirmation link to ${email}. Open it to start receiving ${names(save.data.awaiting)}.`
            : 'Saved.'}
          {save.data.left.length > 0 && ` You are unsubscribed from ${names(save.data.left)}.`}
        </FormAlert>
      )}
      <div className={styles.actions}>
        <SubmitButton pending={save.isPending} pendingLabel="Saving…" disabled={join.length === 0 && leave.length === 0}>
          Save newsletters
        </SubmitButton>
      </div>
    </form>
  );
}
