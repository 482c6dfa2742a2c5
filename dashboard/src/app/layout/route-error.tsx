import { useRouteError } from 'react-router-dom';
import { Button } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';

/**
 * Shown in place of an area that failed to render or whose code could not be loaded (typically
 * after a release replaced the files this tab started with; reloading fetches the new ones).
 */
export function RouteError() {
  const error = useRouteError();
  if (import.meta.env.DEV) console.error(error);
  return (
    <EmptyState
      tone="error"
      icon={<AlertIcon size={20} />}
      title="This page didn't load"
      headingLevel="h1"
      actions={<Button onClick={() => window.location.reload()}>Reload the page</Button>}
    >
      <p>Reloading usually fixes it.</p>
    </EmptyState>
  );
}
