import { useParams } from 'react-router-dom';
import { ButtonLink } from '@inkwell/ui-kit/button';
import { EmptyState } from '@inkwell/ui-kit/empty-state';
import { AlertIcon } from '@inkwell/ui-kit/icons';
import { errorMessage } from '@/lib/staff-api';
import { useBundle } from '../api/get-bundle';
import { BundleEditor } from '../components/bundle-editor';

/** `bundles/new` and `bundles/:id`. */
export default function BundleEditorRoute() {
  const { id: param } = useParams();
  const id = param === undefined || param === 'new' ? undefined : Number(param);
  const valid = id === undefined || (Number.isSafeInteger(id) && id > 0);
  const bundle = useBundle(valid ? id : undefined);

  if (!valid) {
    return (
      <EmptyState headingLevel="h1" title="No such bundle" actions={<ButtonLink to="/bundles">Back to bundles</ButtonLink>}>
        <p>Bundle addresses end in the bundle’s number.</p>
      </EmptyState>
    );
  }
  if (id === undefined) return <BundleEditor key="new" bundle={undefined} />;
  if (bundle.isPending) return <p role="status">Loading the bundle…</p>;
  if (bundle.isError) {
    return (
      <EmptyState
        icon={<AlertIcon size={20} />}
        tone="error"
        headingLevel="h1"
        title="The bundle did not load"
        actions={<ButtonLink to="/bundles" variant="secondary">Back to bundles</ButtonLink>}
      >
        <p>{errorMessage(bundle.error)}</p>
      </EmptyState>
    );
  }
  return <BundleEditor key={id} bundle={bundle.data} />;
}
