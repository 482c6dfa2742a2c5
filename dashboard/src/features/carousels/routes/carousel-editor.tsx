import { EditorRoute } from '@/components/editor/editor-route';
import { useCarousel } from '../api/carousels';
import { CuratedListEditor } from '../components/curated-list-editor';

/** `carousels/new` and `carousels/:id`. */
export default function CarouselEditorRoute() {
  return (
    <EditorRoute noun={{ one: 'curated list', many: 'carousels', owner: 'list’s' }} listPath="/carousels" useItem={useCarousel}>
      {(list, key) => <CuratedListEditor key={key} list={list} />}
    </EditorRoute>
  );
}
