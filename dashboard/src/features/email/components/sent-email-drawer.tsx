import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '@inkwell/ui-kit/button';
import dialogStyles from '@/components/dialog/dialog.module.css';
import { cx, formatDateTime } from '@/lib/format';
import type { SentEmail } from '../api/email';
import { EmailVersions } from './email-frame';
import { EventTimeline } from './event-timeline';
import { SentStatusChip } from './status-chips';
import styles from './email.module.css';

/** A sent email's detail: who, what, its status, the event timeline and the bodies (HTML in a frame that runs nothing). */
export function SentEmailDrawer({ email, onClose }: { email: SentEmail | null; onClose: () => void }) {
  return (
    <ModalOverlay isOpen={email !== null} onOpenChange={(open) => !open && onClose()} isDismissable className={dialogStyles.overlay}>
      <Modal className={cx(dialogStyles.modal, dialogStyles.wide)}>
        <Dialog className={dialogStyles.dialog} aria-label={email ? `Email: ${email.subject}` : 'Email'}>
          {email && (
            <>
              <header className={dialogStyles.header}>
                <Heading slot="title" className={dialogStyles.title}>
                  {email.subject}
                </Heading>
              </header>
              <div className={cx(dialogStyles.body, styles.drawerBody)}>
                <dl className={styles.facts}>
                  <dt>Status</dt>
                  <dd>
                    <SentStatusChip status={email.status} />
                  </dd>
                  <dt>To</dt>
                  <dd>{email.to}</dd>
                  <dt>From</dt>
                  <dd>{email.from}</dd>
                  <dt>Category</dt>
                  <dd>{email.category}</dd>
                  <dt>Template</dt>
                  <dd>{email.templateName ?? '—'}</dd>
                  <dt>Created</dt>
                  <dd>{formatDateTime(email.mailCreatedDateTime)}</dd>
                  <dt>Sent</dt>
                  <dd>{email.sentAtDateTime ? formatDateTime(email.sentAtDateTime) : 'Not yet'}</dd>
                  <dt>Attempts</dt>
                  <dd>{email.attempts}</dd>
                  <dt>Message-ID</dt>
                  <dd>{email.externalId ?? '—'}</dd>
                  {email.lastError && (
                    <>
                      <dt>Last error</dt>
                      <dd>{email.lastError}</dd>
                    </>
                  )}
                </dl>
                <section aria-labelledby="sent-events-title" className={styles.section}>
                  <h3 id="sent-events-title" className={styles.sectionTitle}>
                    Events
                  </h3>
                  <EventTimeline events={email.events} />
                </section>
                <EmailVersions label="Email versions" html={email.htmlBody} text={email.textBody} frameTitle={`HTML of the email ${email.subject}`} />
              </div>
              <footer className={dialogStyles.footer}>
                <Button variant="secondary" onClick={onClose} autoFocus>
                  Close
                </Button>
              </footer>
            </>
          )}
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
