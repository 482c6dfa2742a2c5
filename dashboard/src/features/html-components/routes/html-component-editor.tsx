import { EditorRoute } from '@/components/editor/editor-route';
import { useHtmlComponent } from '../api/html-components';
import { HtmlComponentEditor } from '../components/html-component-editor';

/** `html-components/new` and `html-components/:id`. */
export default function HtmlComponentEditorRoute() {
  return (
    <EditorRoute noun={{ one: 'HTML component', many: 'HTML components', owner: 'component’s' }} listPath="/html-components" useItem={useHtmlComponent}>
      {(component, key) => <HtmlComponentEditor key={key} component={component} />}
    </EditorRoute>
  );
}
