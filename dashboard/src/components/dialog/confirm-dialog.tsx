import { useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '@inkwell/ui-kit/button';
import { errorMessage } from '@/lib/staff-api';
import styles from './dialog.module.css';

export interface ConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** What will happen, in plain words (what is lost, whether it can be undone). */
  children: ReactNode;
  /** The confirm button's words: the action itself ("Remove publisher"), never "OK". */
  confirmLabel: string;
  cancelLabel?: string;
  /** Red confirm button, for what cannot be undone or takes something away. */
  isDestructive?: boolean;
  /**
   * Runs on confirm. While its promise is pending the buttons wait; when it resolves the dialog
   * closes, when it rejects the dialog stays open and shows the error.
   */
  onConfirm: () => void | Promise<unknown>;
}

/**
 * Asks before a destructive or far-reaching action (React Aria alert dialog: focus is trapped and
 * starts on Cancel, Escape cancels, the screen reader reads the title and the text).
 */
export function ConfirmDialog({
  isOpen,
  onOpenChange,
  title,
  children,
  confirmLabel,
  cancelLabel = 'Cancel',
  isDestructive = false,
  onConfirm,
}: ConfirmDialogProps) {
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  const close = (open: boolean) => {
    if (pending) return;
    if (!open) setProblem(null);
    onOpenChange(open);
  };

  const confirm = async () => {
    setPending(true);
    setProblem(null);
    try {
      await onConfirm();
      setPending(false);
      onOpenChange(false);
    } catch (error) {
      setPending(false);
      setProblem(errorMessage(error));
    }
  };

  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={close} isDismissable={!pending} isKeyboardDismissDisabled={pending} className={styles.overlay}>
      <Modal className={styles.modal}>
        <Dialog role="alertdialog" className={styles.dialog}>
          <header className={styles.header}>
            <Heading slot="title" className={styles.title}>
              {title}
            </Heading>
          </header>
          <div className={styles.body}>
            {children}
            {problem && (
              <p className={styles.problem} role="alert">
                {problem}
              </p>
            )}
          </div>
          <footer className={styles.footer}>
            <Button variant="secondary" onClick={() => close(false)} disabled={pending} autoFocus>
              {cancelLabel}
            </Button>
            <Button className={isDestructive ? styles.danger : undefined} onClick={() => void confirm()} disabled={pending} aria-busy={pending}>
              {pending ? 'Working…' : confirmLabel}
            </Button>
          </footer>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}

/**
 * State for a confirm dialog opened from many places (a row menu): `ask(item)` opens it for that
 * item, `item` is what it is about while open.
 */
export function useConfirm<T>() {
  const [item, setItem] = useState<T | null>(null);
  return {
    item,
    isOpen: item !== null,
    ask: (next: T) => setItem(() => next),
    onOpenChange: (open: boolean) => {
      if (!open) setItem(null);
    },
  };
}
