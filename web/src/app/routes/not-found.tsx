import { NotFoundView } from '@/components/layout/not-found-view';

export default function NotFoundRoute() {
  return (
    <NotFoundView title="We couldn't find that page">
      <p>The link may be broken, or the page may have moved. The comics are all still here.</p>
    </NotFoundView>
  );
}
