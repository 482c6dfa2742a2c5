import { Page } from '@/components/layout/page';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CalendarIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

export default function CalendarRoute() {
  return (
    <Page title="Release Calendar" intro={<p>Upcoming print and digital releases, by date.</p>}>
      <EmptyState
        icon={<CalendarIcon />}
        title="No upcoming releases"
        actions={<ButtonLink to={paths.news}>Read the latest news</ButtonLink>}
      >
        <p>Release dates appear here as soon as new volumes are scheduled.</p>
      </EmptyState>
    </Page>
  );
}
