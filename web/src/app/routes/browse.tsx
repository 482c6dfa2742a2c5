import { useParams, useSearchParams } from 'react-router-dom';
import { Page } from '@/components/layout/page';
import { ButtonLink } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CompassIcon } from '@/components/ui/icons';
import { paths } from '@/config/paths';

/** Title for the New Releases (st=3&is=false) and On Sale (s=0&st=true) variants of storefront spec §2. */
function browseTitle(params: URLSearchParams): string {
  if (params.get('st') === '3' && params.get('is') === 'false') return 'New Releases';
  if (params.get('s') === '0' && params.get('st') === 'true') return 'On Sale';
  return 'Browse';
}

export default function BrowseRoute() {
  const { genreId } = useParams();
  const [params] = useSearchParams();
  const title = browseTitle(params);

  return (
    <Page
      title={title}
      eyebrow={genreId ? 'Genre' : 'Catalogue'}
      intro={<p>Series and volumes in print and digital, from every genre we publish.</p>}
    >
      <EmptyState
        icon={<CompassIcon />}
        title="No comics to show yet"
        actions={
          <>
            <ButtonLink to={paths.calendar}>See the Release Calendar</ButtonLink>
            <ButtonLink to={paths.news} variant="secondary">
              Read the latest news
            </ButtonLink>
          </>
        }
      >
        <p>Published series and volumes are listed here, with filters for genre, format and price.</p>
      </EmptyState>
    </Page>
  );
}
