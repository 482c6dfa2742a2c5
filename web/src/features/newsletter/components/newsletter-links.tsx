import { ApiError } from '@inkwell/ui-kit/api-client';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, CheckIcon, MailIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { PageLoading } from '@/components/layout/page-loading';
import { paths } from '@/config/paths';
import { useConfirmNewsletter, useResubscribe, useUnsubscribeLink } from '../api/newsletter';

/** /newsletter/confirm/?token=: the double opt-in link of the confirmation mail. */
export function NewsletterConfirm({ token }: { token: string | null }) {
  if (!token) return <LinkProblem title="This confirmation link is incomplete" message="Open the link from the confirmation email we sent you." />;
  return <Confirm token={token} />;
}

function Confirm({ token }: { token: string }) {
  const confirm = useConfirmNewsletter(token);
  if (confirm.isPending) return <PageLoading label="Confirming your subscription…" />;
  if (confirm.isError) {
    const clientError = confirm.error instanceof ApiError && confirm.error.isClientError;
    return <LinkProblem title={clientError ? confirm.error.message : "We couldn't confirm your subscription"} message={clientError ? 'You can subscribe again from your account page.' : confirm.error.message} />;
  }
  const { confirmedNames, email } = confirm.data;
  return (
    <Page title="Newsletters" width="narrow">
      <EmptyState icon={<CheckIcon />} title="You're subscribed" actions={<ButtonLink to={paths.home}>Browse the store</ButtonLink>}>
        <p>
          {confirmedNames.length > 0 ? (
            <>
              <strong>{email}</strong> now receives {confirmedNames.join(', ')}. Every newsletter has a link to unsubscribe.
            </>
          ) : (
            <>There was nothing left to confirm for {email}: the subscription was confirmed before, or cancelled since.</>
          )}
        </p>
      </EmptyState>
    </Page>
  );
}

/** /newsletter/unsubscribe/?email=&list=&token=: the unsubscribe link of a newsletter mail. */
export function NewsletterUnsubscribe({ email, list, token }: { email: string | null; list: string | null; token: string | null }) {
  if (!email || !token) return <LinkProblem title="This unsubscribe link is incomplete" message="Use the link from the newsletter email, or change your newsletters on your account page." />;
  return <Unsubscribe email={email} list={list ?? undefined} token={token} />;
}

function Unsubscribe({ email, list, token }: { email: string; list?: string; token: string }) {
  const unsubscribe = useUnsubscribeLink({ email, token, ...(list ? { list } : {}) });
  const resubscribe = useResubscribe();
  if (unsubscribe.isPending) return <PageLoading label="Unsubscribing…" />;
  if (unsubscribe.isError) {
    return <LinkProblem title={unsubscribe.error instanceof ApiError && unsubscribe.error.isClientError ? unsubscribe.error.message : "We couldn't unsubscribe you"} message="You can also change your newsletters on your account page." />;
  }
  const { unsubscribedFrom, listIds } = unsubscribe.data;
  if (resubscribe.isSuccess) {
    return (
      <Page title="Newsletters" width="narrow">
        <EmptyState icon={<MailIcon />} title="Check your inbox" actions={<ButtonLink to={paths.home}>Browse the store</ButtonLink>}>
          <p>
            We sent a confirmation link to <strong>{email}</strong>. Open it to receive {unsubscribedFrom.join(', ')} again.
          </p>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page title="Newsletters" width="narrow">
      <EmptyState
        icon={<CheckIcon />}
        title={unsubscribedFrom.length > 0 ? `You are unsubscribed from ${unsubscribedFrom.join(', ')}` : 'You are unsubscribed'}
        actions={
          <>
            {listIds.length > 0 && (
              <Button variant="secondary" onClick={() => resubscribe.mutate({ email, lists: listIds, attributes: { source: 'resubscribe' } })} disabled={resubscribe.isPending}>
                {resubscribe.isPending ? 'Subscribing…' : 'Resubscribe'}
              </Button>
            )}
            <ButtonLink to={paths.home}>Browse the store</ButtonLink>
          </>
        }
      >
        <p>
          {unsubscribedFrom.length > 0 ? (
            <>
              <strong>{email}</strong> will get no more of these emails. Unsubscribed by mistake? Resubscribe below.
            </>
          ) : (
            <>
              <strong>{email}</strong> was not subscribed to this newsletter (or has already left it).
            </>
          )}
        </p>
        {resubscribe.isError && <p role="alert">{resubscribe.error.message}</p>}
      </EmptyState>
    </Page>
  );
}

function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <Page title="Newsletters" width="narrow">
      <EmptyState tone="error" icon={<AlertIcon />} title={title} actions={<ButtonLink to={paths.account}>Go to your account</ButtonLink>}>
        <p>{message}</p>
      </EmptyState>
    </Page>
  );
}
