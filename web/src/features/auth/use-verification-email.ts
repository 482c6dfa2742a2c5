import { useEffect, useState } from 'react';
import type { Account } from '@inkwell/ui-kit/account';
import { useResendVerification } from './api/resend-verification';
import { forgetSend, lastSendOf, rememberSend, resendBlockedUntil, VERIFICATION_LABELS } from './verification-window';

/**
 * The verification email button's state (storefront spec §4): disabled after one click and reading
 * 'EMAIL HAS BEEN SENT' until 3 minutes after the send, then active again; a failure makes it
 * active at once (spec §8) and says why.
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
    const sentAt = Date.now();
    rememberSend(account.userid, sentAt);
    setNow(sentAt);
    resend.mutate(undefined, {
      onError: (error) => {
        console.error('Sending the verification email failed', error);
        forgetSend();
        setNow(Date.now());
      },
    });
  };

  const waiting = blockedUntil !== null;
  return {
    label: waiting ? VERIFICATION_LABELS.sent : lastSend !== null ? VERIFICATION_LABELS.resend : VERIFICATION_LABELS.send,
    disabled: waiting,
    send,
    /** The last attempt's failure, until the next attempt. */
    error: resend.isError ? resend.error.message : null,
    /** An email went out from this page just now. */
    justSent: resend.isSuccess && waiting,
  };
}
