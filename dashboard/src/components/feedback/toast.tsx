/**
 * Toasts: short confirmations ("Publisher saved") and failures that have no field to sit under.
 * `<AppToaster/>` is mounted once in the app provider; screens call `toast.success(...)`,
 * `toast.error(...)` or {@link toastError}. Sonner announces them politely to screen readers.
 */
import type { CSSProperties } from 'react';
import { Toaster, toast } from 'sonner';
import { errorMessage } from '@/lib/staff-api';

export { toast };

/** A failure as a toast: what was being done, then the server's message. */
export function toastError(what: string, error: unknown): void {
  toast.error(what, { description: errorMessage(error) });
}

/**
 * Sonner's own rich colours put 13px text at about 4.2:1 on its pale backgrounds, short of WCAG's
 * 4.5:1; these darker inks keep its backgrounds and reach 6:1 or more. Set on the toaster itself
 * (its `style`), so they win over the stylesheet Sonner inserts at run time.
 */
const READABLE_COLOURS = {
  '--success-text': '#0b6630',
  '--error-text': 'var(--color-red-ink)',
  '--warning-text': '#8a4a00',
  '--info-text': '#0b4fb0',
} as CSSProperties;

export function AppToaster() {
  return (
    <Toaster
      // Bottom centre: at the bottom right they sat on a list's Next button and on dialog buttons,
      // at the top right on the page header's Publish and Unpublish, right where staff click next.
      position="bottom-center"
      offset={{ bottom: '1rem' }}
      mobileOffset={{ bottom: '0.75rem' }}
      richColors
      closeButton
      duration={5000}
      style={READABLE_COLOURS}
      toastOptions={{ style: { fontFamily: 'var(--font-sans)' } }}
      containerAriaLabel="Notifications"
    />
  );
}
