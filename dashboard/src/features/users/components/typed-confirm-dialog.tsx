import { useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { Button } from '@inkwell/ui-kit/button';
import dialogStyles from '@/components/dialog/dialog.module.css';
import { TextField } from '@/components/form/text-field';
import { refusalMessages } from '@/lib/refusal';
import { confirmsErasure } from '../user-search';

interface TypedConfirmDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  /** What is lost, in plain words. */
  children: ReactNode;
  /** What staff must type to confirm (the account's email). */
  phrase: string;
  /** The field's label ("Type the email to confirm"). */
  phraseLabel: string;
  confirmLabel: string;
  /** Runs on confirm; a rejection keeps the dialog open with the refusal shown. */
  onConfirm: () => Promise<unknown>;
}

/**
 * Confirms what cannot be undone by having staff type the account's email: the red button stays
 * disabled until the text matches (case aside). React Aria alert dialog: focus starts in the field,
 * Escape cancels unless the action is under way.
 */
export function TypedConfirmDialog({ isOpen, onOpenChange, title, children, phrase, phraseLabel, confirmLabel, onConfirm }: TypedConfirmDialogProps) {
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const matches = confirmsErasure(typed, phrase);

  const close = (open: boolean) => {
    if (pending) return;
    if (!open) {
      setTyped('');
      setProblem(null);
    }
    onOpenChange(open);
  };

  const confirm = async () => {
    if (!matches || pending) return;
    setPending(true);
    setProblem(null);
    try {
      await onConfirm();
      setPending(false);
      setTyped('');
      onOpenChange(false);
    } catch (error) {
      setPending(false);
      setProblem(refusalMessages(error).join(' '));
    }
  };

  return (
    <ModalOverlay isOpen={isOpen} onOpenChange={close} isDismissable={!pending} isKeyboardDismissDisabled={pending} className={dialogStyles.overlay}>
      <Modal className={dialogStyles.modal}>
        <Dialog role="alertdialog" className={dialogStyles.dialog}>
          <form
            className={dialogStyles.dialog}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            <header className={dialogStyles.header}>
              <Heading slot="title" className={dialogStyles.title}>
                {title}
              </Heading>
            </header>
            <div className={dialogStyles.body}>
              {children}
              <TextField
                label={phraseLabel}
                description={
                  <>
                    Type <strong>{phrase}</strong> to confirm.
                  </>
                }
                value={typed}
                onChange={setTyped}
                autoComplete="off"
                autoFocus
                isDisabled={pending}
              />
              {problem && (
                <p className={dialogStyles.problem} role="alert">
                  {problem}
                </p>
              )}
            </div>
            <footer className={dialogStyles.footer}>
              <Button variant="secondary" onClick={() => close(false)} disabled={pending}>
                Cancel
              </Button>
              <Button type="submit" className={dialogStyles.danger} disabled={!matches || pending} aria-busy={pending}>
                {pending ? 'Working…' : confirmLabel}
              </Button>
            </footer>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
