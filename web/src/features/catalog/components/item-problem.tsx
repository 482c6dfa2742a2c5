import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon, GlobeIcon, RefreshIcon } from '@inkwell/ui-kit/icons';
import { NotFoundView } from '@/components/layout/not-found-view';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';
import { isGeoRestrictedError, isNotFoundError } from '../geo-restriction';

interface ItemProblemProps {
  error: Error;
  /** 'comic' or 'series', as the visitor would say it. */
  noun: string;
  retry: () => void;
  retrying: boolean;
}

/** Why a series or product page has nothing to show, and what the visitor can do about it. */
export function ItemProblem({ error, noun, retry, retrying }: ItemProblemProps) {
  if (isNotFoundError(error)) {
    return (
      <NotFoundView title={`We couldn't find that ${noun}`}>
        <p>The link may be mistyped, or the {noun} may have left the store. Browse the catalogue or search for it by name.</p>
      </NotFoundView>
    );
  }

  if (isGeoRestrictedError(error)) {
    return (
      <Page title="Not available in your region" documentTitle="Not available" width="narrow">
        <EmptyState
          icon={<GlobeIcon />}
          title={`This ${noun} isn't sold where you are`}
          actions={
            <>
              <ButtonLink to={paths.browse}>Browse comics</ButtonLink>
              <ButtonLink to={paths.supportCenter} variant="secondary">
                Support Center
              </ButtonLink>
            </>
          }
        >
          <p>Publishing rights differ from country to country, so some comics can only be sold in certain regions.</p>
        </EmptyState>
      </Page>
    );
  }

  return (
    <Page title={`This ${noun} didn't load`} documentTitle="Something went wrong" width="narrow">
      <EmptyState
        tone="error"
        icon={<AlertIcon />}
        title={`We couldn't load this ${noun}`}
        actions={
          <>
            <Button onClick={retry} disabled={retrying}>
              <RefreshIcon size={18} />
              {retrying ? 'Trying again…' : 'Try again'}
            </Button>
            <ButtonLink to={paths.browse} variant="secondary">
              Browse comics
            </ButtonLink>
          </>
        }
      >
        <p>{error.message}</p>
      </EmptyState>
    </Page>
  );
}
