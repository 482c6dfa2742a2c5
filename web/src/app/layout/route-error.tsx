import { isRouteErrorResponse, useRouteError } from 'react-router-dom';
import { Button, ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';
import { Page } from '@/components/layout/page';
import { paths } from '@/config/paths';

/**
 * Shown inside the chrome when a page fails to render or its code cannot be loaded (typically
 * after a new release replaced the files this tab was started with; a reload fetches the new ones).
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  const notFound = isRouteErrorResponse(error) && error.status === 404;

  return (
    <Page title={notFound ? 'Page not found' : 'Something went wrong'} width="narrow">
      <EmptyState
        tone="error"
        icon={<AlertIcon />}
        title={notFound ? "We couldn't find that page" : "This page didn't load"}
        actions={
          <>
            <Button onClick={() => window.location.reload()}>Reload the page</Button>
            <ButtonLink to={paths.home} variant="secondary">
              Go to the home page
            </ButtonLink>
          </>
        }
      >
        <p>Reloading usually fixes it. If it keeps happening, our Support Center can help.</p>
      </EmptyState>
    </Page>
  );
}
