import { useState, type ReactNode } from 'react';
import { Dialog, Heading, Modal, ModalOverlay } from 'react-aria-components';
import { REASON_MAX_LENGTH } from '@inkwell/contracts/dashboard-customers';
import { Button } from '@inkwell/ui-kit/button';
import dialogStyles from '@/components/dialog/dialog.module.css';
import { TextAreaField } from '@/components/form/text-field';
import { readRefusal } from '@/lib/refusal';

interface ReasonDialogProps {
  isOpen: boolean;
  onOpenChange: (isOpen: boolean) => void;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** What the reason field says when left empty. */
  missingReason: string;
  /** Runs with the reason; a rejection keeps the dialog open, the refusal under the field or above the buttons. */
  onConfirm: (reason: string) => Promise<unknown>;
}

/**
 * Asks before taking something away, with the reason recorded beside it (React Aria alert dialog:
 * focus starts in the reason, Escape cancels unless the action is under way).
 */
export function ReasonDialog({ isOpen, onOpenChange, title, children, confirmLabel, missingReason, onConfirm }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [pending, setPending] = useState(false);
  const [fieldError, setFieldError] = useState<string>();
  const [problem, setProblem] = useState<string>();

  const close = (open: boolean) => {
    if (pending) return;
    if (!open) {
      setReason('');
      setFieldError(undefined);
      setProblem(undefined);
    }
    onOpenChange(open);
  };

  const confirm = async () => {
    if (pending) return;
    if (reason.trim() === '') return setFieldError(missingReason);
    setPending(true);
    setProblem(undefined);
    try {
      await onConfirm(reason.trim());
      setPending(false);
      close(false);
    } catch (error) {
      setPending(false);
      const problems = readRefusal(error).problems;
      const aboutReason = problems.filter((p) => p.field === 'reason').map((p) => p.message);
      setFieldError(aboutReason.join(' ') || undefined);
      setProblem(problems.filter((p) => p.field !== 'reason').map((p) => p.message).join(' ') || undefined);
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
              <TextAreaField
                label="Reason"
                isRequired
                rows={3}
                maxLength={REASON_MAX_LENGTH}
                autoFocus
                value={reason}
                onChange={(value) => {
                  setReason(value);
                  if (value.trim()) setFieldError(undefined);
                }}
                error={fieldError}
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
              <Button type="submit" className={dialogStyles.danger} disabled={pending} aria-busy={pending}>
                {pending ? 'Working…' : confirmLabel}
              </Button>
            </footer>
          </form>
        </Dialog>
      </Modal>
    </ModalOverlay>
  );
}
