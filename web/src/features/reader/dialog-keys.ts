import type { KeyboardEvent } from 'react';

/**
 * The key handler of the reader's modal dialogs (unable to open, not owned): Escape closes the
 * reader, and Tab keeps the focus inside the dialog, wrapping from its last control to its first and
 * back. Put on the dialog element itself, not the document.
 */
export function dialogKeys(close: () => void) {
  return (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      close();
      return;
    }
    if (event.key !== 'Tab') return;
    const controls = [...event.currentTarget.querySelectorAll<HTMLElement>('a[href], button:not([disabled])')];
    const edge = event.shiftKey ? controls[0] : controls.at(-1);
    if (document.activeElement === edge) {
      event.preventDefault();
      (event.shiftKey ? controls.at(-1) : controls[0])?.focus();
    }
  };
}
