import { Page } from '@/components/layout/page';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { SearchIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

export default function SearchRoute() {
  return (
    <Page title="Search" intro={<p>Find series, volumes and creators across the whole catalogue.</p>}>
      <EmptyState
        icon={<SearchIcon />}
        title="No recent search"
        actions={
          <>
            <ButtonLink to={paths.browse}>Browse by genre</ButtonLink>
            <ButtonLink to={paths.newReleases} variant="secondary">
              New Releases
            </ButtonLink>
          </>
        }
      >
        <p>Your last searches are kept here so you can pick up where you left off.</p>
      </EmptyState>
    </Page>
  );
}
