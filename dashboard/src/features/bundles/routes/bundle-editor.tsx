import { EditorRoute } from '@/components/editor/editor-route';
import { useBundle } from '../api/get-bundle';
import { BundleEditor } from '../components/bundle-editor';

/** `bundles/new` and `bundles/:id`. */
export default function BundleEditorRoute() {
  return (
    <EditorRoute noun={{ one: 'bundle', many: 'bundles', owner: 'bundle’s' }} listPath="/bundles" useItem={useBundle}>
      {(bundle, key) => <BundleEditor key={key} bundle={bundle} />}
    </EditorRoute>
  );
}
