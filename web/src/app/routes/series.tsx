import { useParams } from 'react-router-dom';
import { cardCartAction } from '@/features/cart/components/cart-action';
import { SeriesPage } from '@/features/catalog/components/series-page';

export default function SeriesRoute() {
  const { id = '' } = useParams();
  return <SeriesPage key={id} idOrUrl={id} cartAction={cardCartAction} />;
}
