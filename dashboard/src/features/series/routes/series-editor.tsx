import { EditorRoute } from '@/components/editor/editor-route';
import { useSeries } from '../api/get-series';
import { SeriesEditor } from '../components/series-editor';

/** `series/new` and `series/:id`. */
export default function SeriesEditorRoute() {
  return (
    <EditorRoute noun={{ one: 'series', many: 'series', owner: 'series’' }} listPath="/series" useItem={useSeries}>
      {(series, key) => <SeriesEditor key={key} series={series} />}
    </EditorRoute>
  );
}
