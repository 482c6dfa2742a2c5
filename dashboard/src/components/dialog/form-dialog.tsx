import type { FormEventHandler, ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '@inkwell/ui-kit/button';
import { cx } from '@/lib/format';
import styles from './dialog.module.css';

interface FormDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** The form's fields. */
  children: ReactNode;
  onSubmit: FormEventHandler<HTMLFormElement>;
  submitLabel: string;
  isSubmitting?: boolean;
  /** A problem that belongs to no field, shown above the buttons. */
  problem?: string | undefined;
  size?: 'normal' | 'wide';
}

/**
 * A small edit form in a modal dialog (React Aria: focus moves in and back, Escape and the
 * backdrop close it unless a save is under way). The first field takes focus when it opens.
 */
export function FormDialog({ isOpen, onOpenChange, title, children, onSubmit, submitLabel, isSubmitting = false, problem, size = 'normal' }: FormDialogProps) {
  return (
    <ModalOverlay
      isOpen={isOpen}
      onOpenChange={(open) => !isSubmitting && onOpenChange(open)}
      isDismissable={!isSubmitting}
      isKeyboardDismissDisabled={isSubmitting}
      className={styles.overlay}
    >
      <Modal className={cx(styles.modal, size === 'wide' && styles.wide)}>
        <Dialog className={styles.dialog}>
          <form onSubmit={onSubmit} noValidate className={styles.dialog}>
            <header className={styles.header}>
              <Heading slot="title" className={styles.title}>
                {title}
              </Heading>
            </header>
            <div className={styles.body}>
              <div className={styles.fields}>{children}</div>
              {problem && (
                <p className={styles.problem} role="alert">
                  {problem}
                </p>
              )}
            </div>
            <footer className={styles.footer}>
              <Button variant="secondary" onClick={() => onOpenChange(false)} disabled={isSubmitting}>
                Cancel
              </Button>
              <Button type="submit" disabled={isSubmitting} aria-busy={isSubmitting}>
                {isSubmitting ? 'Saving…' : submitLabel}
              </Button>
            </footer>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
