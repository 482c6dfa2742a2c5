import { ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { InboxIcon } from '@inkwell/ui-kit/icons';

export default function NotFoundRoute() {
  return (
    <EmptyState
      icon={<InboxIcon size={20} />}
      title="There is no such dashboard page"
      headingLevel="h1"
      actions={<ButtonLink to="/">Go to the overview</ButtonLink>}
    >
      <p>Pick an area from the sidebar.</p>
    </EmptyState>
  );
}
