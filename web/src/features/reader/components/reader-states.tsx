import { useEffect, useRef } from 'react';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { AlertIcon, BookIcon, GlobeIcon, RefreshIcon } from '@inkwell/ui-kit/icons';
import { SITE_NAME } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { useAuth } from '@/lib/auth';
import { dialogKeys } from '../dialog-keys';
import { useCloseReader } from '../hooks/use-close-reader';
import { UNABLE_TO_OPEN } from '../reader-constants';
import type { ReaderProblem } from '../reader-errors';
import styles from './reader-states.module.css';


const MESSAGES: Record<Exclude<ReaderProblem, 'denied'>, { icon: React.ReactNode; title: string; body: string }> = {
  notFound: { icon: <BookIcon />, title: 'We couldn’t find this comic', body: 'The link may be out of date. Comics you own or have started are in My Comics.' },
  geoRestricted: { icon: <GlobeIcon />, title: 'Not available in your region', body: 'This comic can’t be read where you are right now.' },
  failed: { icon: <AlertIcon />, title: 'This comic didn’t open', body: 'Something went wrong while opening it. Check your connection and try again.' },
};

/** Why the reader has nothing to show, with a way onward. */
export function ReaderMessage({ problem, onRetry }: { problem: Exclude<ReaderProblem, 'denied'>; onRetry: () => void }) {
  const message = MESSAGES[problem];
  const close = useCloseReader(paths.home);
  return (
    <div className={styles.screen}>
      <title>{`${message.title} · ${SITE_NAME}`}</title>
      <div className={[styles.panel, 'on-dark'].join(' ')} role={problem === 'failed' ? 'alert' : undefined}>
        <span className={styles.icon}>{message.icon}</span>
        <h1 className={styles.title}>{message.title}</h1>
        <p className={styles.body}>{message.body}</p>
        <div className={styles.actions}>
          {problem === 'failed' && (
            <Button variant="accent" onClick={onRetry}>
              <RefreshIcon size={18} />
              Try again
            </Button>
          )}
          {problem === 'notFound' && (
            <ButtonLink to={paths.library} variant="accent">
              Go to My Comics
            </ButtonLink>
          )}
          <Button variant="secondary" onClick={close}>
            Leave the reader
          </Button>
        </div>
      </div>
    </div>
  );
}

/**
 * Storefront spec §8: the page list was refused. A visitor can log in from here (the comic opens
 * once they may read it); anyone can go to the comic's page to get it, or leave.
 */
export function UnableToOpenComic({ comicId, loggedIn }: { comicId: string | null; loggedIn: boolean }) {
  const { openLogin } = useAuth();
  const dialog = useRef<HTMLDivElement>(null);
  const productHref = comicId ? `/product/${encodeURIComponent(comicId)}/` : paths.browse;
  const close = useCloseReader(productHref);
  useEffect(() => dialog.current?.querySelector<HTMLElement>('button, a')?.focus(), []);

  // Keys are handled on the dialog itself, not the document: the login overlay it opens takes the
  // keyboard while it is up, and Escape there must not close the reader.
  const onKeyDown = dialogKeys(close);

  return (
    <div className={styles.screen}>
      <title>{`${UNABLE_TO_OPEN.title} · ${SITE_NAME}`}</title>
      <div className={styles.backdrop}>
        <div ref={dialog} className={styles.modal} role="alertdialog" aria-modal="true" onKeyDown={onKeyDown} aria-labelledby="unable-to-open-title" aria-describedby="unable-to-open-body">
          <span className={styles.modalIcon}>
            <BookIcon />
          </span>
          <h1 id="unable-to-open-title" className={styles.modalTitle}>
            {UNABLE_TO_OPEN.title}
          </h1>
          <p id="unable-to-open-body" className={styles.modalBody}>
            {UNABLE_TO_OPEN.body}
          </p>
          <div className={styles.modalActions}>
            {!loggedIn && (
              <Button aria-haspopup="dialog" onClick={() => openLogin()}>
                Log in
              </Button>
            )}
            <ButtonLink to={productHref} variant={loggedIn ? 'primary' : 'secondary'}>
              See the comic
            </ButtonLink>
            <Button variant="ghost" onClick={close}>
              Close
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
