import { useParams } from 'react-router-dom';
import { BrowseCatalog } from '@/features/catalog/components/browse-catalog';

export default function BrowseRoute() {
  const { genreId } = useParams();
  return <BrowseCatalog genreParam={genreId} />;
}
