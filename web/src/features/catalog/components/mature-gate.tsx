import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { useNavigate } from 'react-router-dom';
import { Button } from '@inkwell/ui-kit/button';
import { ShieldIcon } from '@inkwell/ui-kit/icons';
import { hasAcceptedMatureContent, storeMatureContentAccepted } from '@/lib/storage';
import { isMature } from '../catalog-details';
import styles from './mature-gate.module.css';

interface MatureGateProps {
  ageRating: string;
  /** What the visitor is about to see, starting a sentence: 'This series', 'This comic'. */
  subject: string;
  children: ReactNode;
}

/**
 * Mature-content warning: an 'm'-rated series or product is shown only after the visitor confirms
 * they are an adult. The answer is kept in local storage (storefront spec §9: stored persistently),
 * so it is asked once per browser. Until then the page is not rendered at all, art included.
 */
export function MatureGate({ ageRating, subject, children }: MatureGateProps) {
  const [accepted, setAccepted] = useState(hasAcceptedMatureContent);
  if (accepted || !isMature(ageRating)) return children;
  return (
    <MatureWarning
      subject={subject}
      onAccept={() => {
        storeMatureContentAccepted();
        setAccepted(true);
      }}
    />
  );
}

function MatureWarning({ subject, onAccept }: { subject: string; onAccept: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const navigate = useNavigate();
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    return () => element?.close();
  }, []);

  const leave = () => {
    // Back to wherever the visitor came from, in the store or not; a tab opened on this page
    // has nowhere to go back to, so it goes to the home page.
    if (window.history.length > 1) navigate(-1);
    else navigate('/', { replace: true });
  };

  return (
    <div className={styles.backdropPage}>
      <dialog
        ref={dialog}
        className={styles.dialog}
        aria-labelledby={titleId}
        aria-describedby={bodyId}
        onCancel={(event) => {
          // Escape means "not for me": leave instead of showing the page.
          event.preventDefault();
          leave();
        }}
      >
        <span className={styles.icon}>
          <ShieldIcon size={28} />
        </span>
        <h2 id={titleId} className={styles.title}>
          Mature content
        </h2>
        <div id={bodyId} className={styles.body}>
          <p>
            {subject} is rated <strong>M</strong> for readers aged 18 and up. It may contain strong violence,
            sexual content or language.
          </p>
          <p>Please confirm you are 18 or older to continue. We'll remember your answer on this device.</p>
        </div>
        <div className={styles.actions}>
          <Button onClick={onAccept} autoFocus>
            I'm 18 or older, continue
          </Button>
          <Button variant="secondary" onClick={leave}>
            Take me back
          </Button>
        </div>
      </dialog>
    </div>
  );
}
