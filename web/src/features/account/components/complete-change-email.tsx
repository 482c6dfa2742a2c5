import { ACCOUNT_MESSAGES } from '@inkwell/contracts/account-rules';
import { ApiError } from '@inkwell/ui-kit/api-client';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, CheckIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { PageLoading } from '@/components/layout/page-loading';
import { paths } from '@/config/paths';
import { useCompleteChangeEmail } from '../api/complete-change-email';

/** /change-email/?token=: finishes an email change from the link mailed to the new address. */
export function CompleteChangeEmail({ token }: { token: string | null }) {
  if (!token) return <LinkProblem title={ACCOUNT_MESSAGES.invalidLink} message="Open the link from the email we sent to your new address." />;
  return <WithToken token={token} />;
}

function WithToken({ token }: { token: string }) {
  const change = useCompleteChangeEmail(token);
  if (change.isPending) return <PageLoading label="Changing your email…" />;
  if (change.isError) {
    if (change.error instanceof ApiError && change.error.isClientError) {
      // 400: a spent or expired link; 409: the address was taken by another account meanwhile.
      return <LinkProblem title={change.error.message} message="Links to change your email work once, for a limited time. Start the change again from your account." />;
    }
    return (
      <Page title="Change email" width="narrow">
        <EmptyState
          tone="error"
          icon={<AlertIcon />}
          title="We couldn't change your email"
          actions={
            <Button onClick={() => void change.refetch()} disabled={change.isFetching}>
              {change.isFetching ? 'Trying again…' : 'Try again'}
            </Button>
          }
        >
          <p>{change.error.message}</p>
        </EmptyState>
      </Page>
    );
  }
  return (
    <Page title="Email changed" width="narrow">
      <EmptyState icon={<CheckIcon />} title="Your email is changed" actions={<ButtonLink to={paths.account}>Go to your account</ButtonLink>}>
        <p>
          From now on, log in with <strong>{change.data.email}</strong>. Receipts and account emails go there too.
        </p>
      </EmptyState>
    </Page>
  );
}

function LinkProblem({ title, message }: { title: string; message: string }) {
  return (
    <Page title="Change email" width="narrow">
      <EmptyState tone="error" icon={<AlertIcon />} title={title} actions={<ButtonLink to={paths.account}>Go to your account</ButtonLink>}>
        <p>{message}</p>
      </EmptyState>
    </Page>
  );
}
