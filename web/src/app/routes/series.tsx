import { useParams } from 'react-router-dom';
import { SeriesPage } from '@/features/catalog/components/series-page';

export default function SeriesRoute() {
  const { id = '' } = useParams();
  return <SeriesPage key={id} idOrUrl={id} />;
}
