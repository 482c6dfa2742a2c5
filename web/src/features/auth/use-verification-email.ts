import { useEffect, useState } from 'react';
import type { Account } from '@inkwell/ui-kit/account';
import { useResendVerification } from './api/resend-verification';
import { lastSendOf, rememberSend, resendBlockedUntil, VERIFICATION_LABELS } from './verification-window';

/** Not in the spec: the button's label between the click and the service's answer. */
const SENDING_LABEL = 'Sending…';

/**
 * The verification email button's state (storefront spec §4): disabled while the email is being
 * sent, then reading 'EMAIL HAS BEEN SENT' until 3 minutes after the send, then active again. A
 * failure leaves it active (spec §8) and says why.
 */
export function useVerificationEmail(account: Account) {
  const resend = useResendVerification();
  const [now, setNow] = useState(Date.now);
  const lastSend = lastSendOf(account);
  const blockedUntil = resendBlockedUntil(lastSend, now);

  useEffect(() => {
    if (blockedUntil === null) return;
    const timer = window.setTimeout(() => setNow(Date.now()), blockedUntil - Date.now());
    return () => window.clearTimeout(timer);
  }, [blockedUntil]);

  const send = () => {
    if (blockedUntil !== null || resend.isPending) return;
    resend.mutate(undefined, {
      onSuccess: () => {
        const sentAt = Date.now();
        rememberSend(account.userid, sentAt);
        setNow(sentAt);
      },
      onError: (error) => console.error('Sending the verification email failed', error),
    });
  };

  const waiting = blockedUntil !== null;
  let label: string = lastSend !== null ? VERIFICATION_LABELS.resend : VERIFICATION_LABELS.send;
  if (resend.isPending) label = SENDING_LABEL;
  else if (waiting) label = VERIFICATION_LABELS.sent;
  return {
    label,
    disabled: waiting || resend.isPending,
    send,
    sending: resend.isPending,
    /** An email went out, or was asked for, less than 3 minutes ago: another has to wait. */
    waiting,
    /** The last attempt's failure, until the next attempt. */
    error: resend.isError ? resend.error.message : null,
    /** An email went out from this page just now. */
    justSent: resend.isSuccess && waiting,
  };
}
