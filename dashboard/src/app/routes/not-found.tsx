import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { InboxIcon } from '@/components/ui/icons';

export default function NotFoundRoute() {
  return (
    <EmptyState
      icon={<InboxIcon />}
      title="There is no such dashboard page"
      headingLevel="h1"
      actions={<ButtonLink to="/">Go to the overview</ButtonLink>}
    >
      <p>Pick an area from the sidebar.</p>
    </EmptyState>
  );
}
